"""The learned line reader: every resume line with its layout, labelled by a trained model.

    from core.ingest import read_path
    from core.reader.model import label_lines
    from core.reader.read import extracted_lines

    lines = extracted_lines(read_path(path))  # what the model was trained on
    labels = label_lines(lines)  # one LineLabel(label, meaning, probability) per line

Labels and heading meanings: core.reader.labels (NEVER_EVIDENCE: references, furniture). The
person's name is read apart, from the same lines, by core.reader.name_picker (a small logistic
model over each top line's place, type, shape and neighbours).
Conventions the training data follows: a wrapped line keeps the label of the line it continues;
a line holding two of title / employer / dates is a role_header; the headline under the name is
contact; awards are certification; project names, languages and interests are other; blank
lines come back as "other".
"""
