from core.ingest import parse_resume_text


def test_education_heading_with_only_a_dates_line_parses():
    text = (
        "# Pat Example\npat@example.com | 555-0100\n\n## Experience\n### Engineer — Acme\n"
        "*2019 – 2023*\n- Built things for 40 customers.\n\n## Education\n"
        "### State University — BSc Computer Science\n*2015 – 2019*\n"
    )
    parsed = parse_resume_text(text, source_name="edu.md")
    assert [e.timeframe for e in parsed.education] == ["2015 – 2019"]
    assert "State University" in parsed.education[0].company + parsed.education[0].title
