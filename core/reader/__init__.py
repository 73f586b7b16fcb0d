"""The learned line reader: every resume line with its layout, labelled by a trained model."""
