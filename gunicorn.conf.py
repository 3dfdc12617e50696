"""Gunicorn's settings for ./run and bench/load.py (``gunicorn --config gunicorn.conf.py``).

Four worker processes of two threads each, on the two cores of a club's laptop: a deal's
write is mostly Python (forms, scoring, the board's template), so threads of one process
wait on each other's GIL, while processes run side by side; two threads each still let a
worker answer while another request waits on the database. Measured with bench/load.py
(BENCHMARKS.md, eighth pass): against 2 workers of 4 threads, more writes a second when
every table writes at once, and a lower p95 at a fast hall's pace. Two workers of two
threads (tenth pass) cost about as much CPU a write on a quiet machine, but leave only four
threads for the whole site: eight keep it answering while a few phones' requests hang.

The worker is gunicorn's threaded one with a time limit on each connection's reads and
writes (belote_club/gunicorn_worker.py): a request that stops halfway, from a phone whose
Wi-Fi dropped, frees its thread after BELOTE_SOCKET_TIMEOUT_SECONDS.

Each worker keeps its own local-memory cache when REDIS_URL is unset, so a rate limit
counts per worker (belote_club/settings.py).
"""

worker_class = "belote_club.gunicorn_worker.ThreadWorker"
workers = 4
threads = 2
accesslog = "-"
loglevel = "warning"
