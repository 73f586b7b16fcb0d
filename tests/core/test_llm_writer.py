"""The LLM writer's own rules: model text becomes plain, cited lines; the page budget holds."""

import pytest

from core.contracts import DraftBullet, DraftRole, ResumeDraft
from core.llm.fake import FakeLLM
from core.llm.responses import WriterResponse
from core.writer import WriterOutput, write_draft
from core.writer.budget import estimate_pages, left_out
from core.writer.llm_writer import fit_model_output, merge_model_lines, model_line
from core.writer.markup import has_content, strip_markup
from tests.core.cards import card, roles


@pytest.mark.parametrize(
    ("raw", "plain"),
    [
        ("Built [Ledger](https://ledger.example.com) in Go", "Built Ledger in Go"),
        ('Built [Ledger](https://x.example/a_(b) "title") in Go', "Built Ledger in Go"),
        ("Built Ledger ![diagram](https://x.example/d.png) in Go", "Built Ledger in Go"),
        ("Built Ledger in Go ![](d.png).", "Built Ledger in Go."),
        ("Built [Ledger][1] in Go [1]: https://x.example", "Built Ledger in Go"),
        ("Built [Ledger][] in Go", "Built Ledger in Go"),
        ("![alt][logo] Built Ledger", "Built Ledger"),
        ("Built Ledger <https://x.example/ledger> in Go", "Built Ledger in Go"),
        ("Mail <me@x.example> about Ledger", "Mail about Ledger"),
        ("Built <b>Ledger</b> in <a href='https://x.example'>Go</a>", "Built Ledger in Go"),
        ("Built Ledger<br/>in Go", "Built Ledger in Go"),
        ('Built Ledger <img src="https://x.example/t.gif"> in Go', "Built Ledger in Go"),
        ("Built Ledger <!-- hidden https://x.example --> in Go", "Built Ledger in Go"),
        ("[![badge](https://x.example/b.svg)](https://x.example)Built Ledger", "Built Ledger"),
    ],
)
def test_markup_keeps_the_words_and_loses_every_address(raw, plain):
    assert strip_markup(raw) == plain


@pytest.mark.parametrize(
    "text",
    [
        "Cut p99 latency from 410 ms to 95 ms (at 2,300 requests/s) [EKS, Go]",
        "Kept p99 < 100 ms and error rate <0.1% on https://status.example.com",
        "Wrote *Designing Ledgers* and [internal] runbooks; on call 1-in-6",
    ],
)
def test_text_without_markup_comes_back_unchanged(text):
    assert strip_markup(text) == text


def test_a_line_that_was_only_markup_has_no_content():
    assert not has_content(strip_markup("![logo](https://x.example/l.png)"))
    assert not has_content(model_line("<a href='https://x.example'></a> ."))
    assert has_content(model_line("[Go](https://go.dev)"))


def test_model_line_reads_fullwidth_markup_as_markup():
    assert model_line("ｂuilt ［Ledger］（https://x.example）") == "Built Ledger"


def _response(**payload) -> WriterResponse:
    return WriterResponse.model_validate(payload)


def _base() -> ResumeDraft:
    summary = [DraftBullet(id="summary-1", text="Own summary.", evidence_card_ids=["s1"])]
    role = DraftRole(
        role_id="r1",
        company="Acme",
        title="Engineer",
        bullets=[DraftBullet(id="r1-b1", text="Own bullet.", evidence_card_ids=["a1"])],
    )
    return ResumeDraft(target_title="Engineer", summary=summary, roles=[role])


def test_model_lines_enter_the_draft_as_plain_text_and_empty_ones_are_dropped():
    response = _response(
        summary=[
            {"text": "Go engineer, see [site](https://x.example).", "evidence_card_ids": ["s1"]}
        ],
        roles=[
            {
                "role_id": "r1",
                "bullets": [
                    {"text": "![chart](https://x.example/c.png)", "evidence_card_ids": ["a1"]},
                    {"text": "Shipped [Ledger](https://x.example)", "evidence_card_ids": ["a1"]},
                    {"text": "Cited nothing known", "evidence_card_ids": ["zz"]},
                ],
            }
        ],
    )
    draft = merge_model_lines(_base(), response, known_ids={"s1", "a1"})

    assert [b.text for b in draft.summary] == ["Go engineer, see site."]
    bullets = draft.roles[0].bullets
    assert [(b.id, b.text, b.origin) for b in bullets] == [("r1-b1", "Shipped Ledger", "llm")]


def test_a_role_whose_model_lines_are_all_empty_keeps_its_own_lines():
    response = _response(
        roles=[{"role_id": "r1", "bullets": [{"text": "<br>", "evidence_card_ids": ["a1"]}]}]
    )
    draft = merge_model_lines(_base(), response, known_ids={"s1", "a1"})
    assert [b.text for b in draft.roles[0].bullets] == ["Own bullet."]
    assert [b.text for b in draft.summary] == ["Own summary."]


def test_a_summary_with_an_uncited_line_is_not_used():
    response = _response(
        summary=[
            {"text": "Go engineer.", "evidence_card_ids": ["s1"]},
            {"text": "Invented line.", "evidence_card_ids": ["nope"]},
        ]
    )
    draft = merge_model_lines(_base(), response, known_ids={"s1", "a1"})
    assert [b.text for b in draft.summary] == ["Own summary."]


def _long_model_draft(n: int) -> WriterOutput:
    bullets = [
        DraftBullet(
            id=f"r1-b{i}",
            text=f"Line {i} " + "about the payments platform and its services " * 3,
            evidence_card_ids=[f"a{i}"],
            origin="llm",
        )
        for i in range(1, n + 1)
    ]
    role = DraftRole(role_id="r1", company="Acme", title="Engineer", bullets=bullets)
    return WriterOutput(draft=ResumeDraft(roles=[role]), engine="m", change_log=["model note"])


def test_a_model_draft_is_cut_to_the_page_budget_least_relevant_first_in_its_order():
    output = _long_model_draft(60)
    assert estimate_pages(output.draft) > 2
    score = {f"a{i}": float(i % 7) for i in range(1, 61)}  # relevance unrelated to position

    fitted = fit_model_output(output, score=score, max_pages=1)

    kept = fitted.draft.roles[0].bullets
    assert estimate_pages(fitted.draft) <= 1
    gone = left_out(output.draft, fitted.draft)
    assert len(kept) + len(gone) == 60
    assert min(score[b.evidence_card_ids[0]] for b in kept) >= max(
        score[b.evidence_card_ids[0]] for b in gone
    )
    numbers = [int(b.id.removeprefix("r1-b")) for b in kept]
    assert numbers == sorted(numbers)  # the model's order is kept
    assert fitted.change_log == [
        "model note",
        f"Left out {len(gone)} of the model's line(s) to fit 1 page(s).",
    ]
    assert fitted.draft.dropped == []  # not the audit's removals


def test_a_model_draft_that_fits_is_left_as_it_is():
    output = _long_model_draft(3)
    assert fit_model_output(output, score={}, max_pages=1) == output


def test_rewrite_with_llm_strips_markup_from_what_the_model_wrote():
    cards = [
        card("s1", "Backend engineer.", kind="summary", role_id=None),
        card("a1", "Rewrote the authorization service in Go."),
        card("g1", "Built Django REST APIs.", role_id="r2", company="Globex"),
    ]
    llm = FakeLLM().enqueue(
        {
            "roles": [
                {
                    "role_id": "r1",
                    "bullets": [
                        {
                            "text": "Rewrote the [authorization service](https://x.example) "
                            "in Go ![go](https://x.example/go.png)",
                            "evidence_card_ids": ["a1"],
                        }
                    ],
                }
            ]
        }
    )
    output = write_draft(
        cards=cards,
        roles=roles(),
        requirements=[],
        evidence_map=[],
        gaps=[],
        keywords=[],
        target_title="Engineer",
        max_pages=1,
        llm=llm,
    )
    assert output.engine == "fake/model"
    assert output.draft.roles[0].bullets[0].text == "Rewrote the authorization service in Go"
    assert output.draft.roles[1].bullets[0].text == "Built Django REST APIs."  # kept its own
