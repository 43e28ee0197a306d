#!/usr/bin/env python3
"""firstlegal: a DBP 1 bot that always plays the first move listed in `legal`.

The simplest correct bot; a baseline and a template. Run: python3 clients/python/firstlegal.py
"""
import dbp


class FirstLegal(dbp.Bot):
    """Plays observation.legal[0]."""

    name = "firstlegal"
    author = "dominoes project (example)"

    def choose(self, observation):
        """Returns the first listed legal move."""
        return observation.legal[0]


if __name__ == "__main__":
    dbp.main(FirstLegal)
