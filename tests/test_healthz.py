"""``/healthz``: the bare answer that the server is up (bench/load.py's baseline)."""

import pytest


@pytest.mark.django_db
def test_healthz_answers_ok_without_a_query(client, django_assert_num_queries):
    # No session, no user, no tournament: the answer reads nothing.
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert (response.status_code, response.content) == (200, b"ok")
    assert response["Content-Type"] == "text/plain; charset=utf-8"


@pytest.mark.django_db
def test_healthz_refuses_a_post(client):
    assert client.post("/healthz").status_code == 405
