"""One home for text rules shared by ingestion, prompts, JD analysis, mapping and the audit.

- `normalize`: unicode clean-up (mojibake repair with ftfy, NFKC, invisible characters).
- `contact`: e-mail, phone (phonenumbers) and link patterns, and masking them before prompts.
- `dates`: dates and date ranges as written on resumes, normalised; the month and year
  patterns the audit's date checks build on.
- `sentences`: sentence boundaries.  `quantities`: numbers and metrics as written.
- `number_words`: numbers written as words, read as whole words ("ninety" is 90, not 9).
- `markup`: Markdown markup → plain text.  `furniture`: lines that must never become evidence.
- `variants`: credential and title variants (Provider ≠ Instructor, Staff ≠ Clinical).
"""
