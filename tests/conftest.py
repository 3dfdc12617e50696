"""Project-wide test set-up: hypothesis profiles. Nothing here may need the database or models.

HYPOTHESIS_PROFILE names the profile to load ("ci" or hypothesis' "default"); when it is unset
and CI is non-empty, as on the CI machine, "ci" is loaded. ./test sets HYPOTHESIS_PROFILE=ci.
"""

import os

from hypothesis import settings

# The same examples on every run, no example database between runs, and no per-example time
# limit: a slow CI machine must not turn a correct property into a failure.
settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "default")
)
