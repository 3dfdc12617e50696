"""What a table phone posts for a deal, as its form sends it (tournaments/forms/table.py)."""

#: A made deal: 90 ♥ by team A, 5 tricks, 104 card points (190 – 60 scored points in
#: ffb-coinche), deal 1; tests change the fields they need (``VALID | {...}``).
VALID = {
    "deal_number": "1",
    "taker": "A",
    "trump": "H",
    "contract": "90",
    "coinche": "none",
    "taker_tricks": "5",
    "taker_card_points": "104",
    "taker_belotes": "0",
    "defence_belotes": "0",
}
