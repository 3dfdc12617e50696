"""Gunicorn's settings for ./run and bench/load.py (``gunicorn --config gunicorn.conf.py``).

Two worker processes of two threads each, on the two cores of a club's laptop: a deal's
write is mostly Python (forms, scoring, the board), so threads of one process wait on each
other's GIL, while processes run side by side; two threads each still let a worker answer
while another request waits on the database. Measured with bench/load.py (BENCHMARKS.md,
tenth pass), in one sitting, alternating: against 4 workers of 2 threads (the eighth
pass's choice against 2 of 4), less server CPU a write at every pace on SQLite and on
PostgreSQL, by 0.5–1.7 ms, and a p95 as low or lower. Fewer processes stay warmer: each
serves twice the requests, and half as many wake up idle every second.

Each worker keeps its own local-memory cache when REDIS_URL is unset, so a rate limit
counts per worker (belote_club/settings.py).
"""

workers = 2
threads = 2
accesslog = "-"
loglevel = "warning"
