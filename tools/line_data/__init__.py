"""Line reader training data: JSON Resumes rendered in many layouts, labelled by construction.

`compose` turns a JSON Resume and a drawn style into labelled visual lines, `render` writes them
as plain text, Markdown, DOCX or PDF (Typst), `align` reads the file back through the product's
own extractor and labels the lines the runtime sees, `dataturks` turns entity spans of real
Indeed resumes into line labels, and `build` writes it all to the cache with a manifest.
"""
