"""The collector's pause is shared across threads: overlapping pauses end with the
collector as it was before the first one (a matcher built on the warmer's thread beside a
capture's decode could leave it off for good)."""

from __future__ import annotations

import gc

from domdex.gcpause import paused_gc


def test_overlapping_pauses_keep_it_off_until_the_last_ends_then_restore_it() -> None:
    assert gc.isenabled()
    first, second = paused_gc(), paused_gc()  # two threads' pauses, interleaved
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled()  # the second pause is still running
    second.__exit__(None, None, None)
    assert gc.isenabled()


def test_a_pause_leaves_a_collector_that_was_off_off() -> None:
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
