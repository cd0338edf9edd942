"""Helpers of the advisor.batch tests (tests/batch)."""

from advisor.batch.runners import LocalRunner


class StopAfter(LocalRunner):
    """A one-thread ``LocalRunner`` interrupted (Ctrl-C) after ``chunks`` chunks,
    as a user stopping a run would."""

    def __init__(self, chunks: int):
        super().__init__(1)
        self.left = chunks

    def run(self, fn, chunks, on_done, on_failed=None, retries=0):
        def done(i, result):
            on_done(i, result)
            self.left -= 1
            if self.left == 0:
                raise KeyboardInterrupt
        super().run(fn, chunks, done, on_failed, retries)
