"""List items run together with only a space between them, on one long unpunctuated line.

Some exports drop every bullet and line break of a list and keep one space: "ERP system
experience Expertise in Microsoft Excel Month end closings experience Sales and use tax
experience 5+ years of general accounting experience Strong organization skills". Such a line
reads by its shape: many words, (almost) no sentence ends, and several joints where a new item
starts. Whether an item starts at a joint (a space before a capitalised word, an acronym or a
number) is read by the learned joint model of `core.jd.joints`: "experience Expertise" opens an
item, "in Microsoft" and "Microsoft Excel" do not.
"""

from __future__ import annotations

import re

from core.jd.joints import joints_model

# Shape of a run-together list line (chosen on the tuning ads; docs/eval-notes/jd.md,
# "Space-separated run-together lists"). Two item starts are enough since the joint model took
# over from the hand rule: at three a flattened tuning ad lost "Do you have … (Requirements)
# 1+ years …" (docs/EVALUATION.md, "Learned list joints").
MIN_WORDS = 30
MIN_JOINTS = 2
MAX_SENTENCE_ENDS = 1

SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def spaced_cuts(line: str) -> list[int]:
    """Where the items of a space-separated run-together list start ([] for other lines)."""
    if len(line.split()) < MIN_WORDS or len(SENTENCE_END.findall(line)) > MAX_SENTENCE_ENDS:
        return []
    cuts = joints_model().cuts(line)
    return cuts if len(cuts) >= MIN_JOINTS else []
