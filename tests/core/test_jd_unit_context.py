"""The job-ad context model (core/jd/unit_context.py, an experiment not shipped): its features,
and where its rows stand in for the unit model's. The ads here are synthetic."""

from __future__ import annotations

import numpy as np

from core.jd.analyze import ad_sections
from core.jd.unit_context import KINDS, AdContextRoles, UnitContext, ad_units, context_features
from core.jd.unit_roles import ROLES, AdUnitRoles, RoleCuts

WIDTH = 4 * len(ROLES) + 2 + 1 + len(KINDS) + 1 + 3
AD = (
    "Warehouse Operative\n\n"
    "About us\nWe are a family-run distributor supplying shops across the county.\n\n"
    "Requirements\n"
    "- Two years of experience in a busy warehouse\n"
    "- A counterbalance forklift licence\n"
    "- Able to lift heavy boxes safely\n\n"
    "Benefits\n- 25 days of annual leave and a staff discount\n"
)


def _read(ad: str) -> tuple[list, AdUnitRoles, RoleCuts]:
    _, _, sections = ad_sections(ad)
    scores = AdUnitRoles()
    return sections, scores, RoleCuts(scores)


def test_features_carry_the_neighbours_rows_the_section_and_the_place() -> None:
    rows = np.array([[0.1, 0.1, 0.1, 0.5, 0.1, 0.1], [0.7, 0.1, 0.1, 0.0, 0.0, 0.1]])
    features = context_features(rows, ["about", "requirements"], [0, 1])
    width = len(ROLES)
    assert features.shape == (2, WIDTH)
    first, second = features
    assert np.allclose(first[:width], np.log(rows[0]))
    assert np.allclose(first[width : 2 * width], 0)  # nothing before the first unit
    assert np.allclose(first[2 * width : 3 * width], rows[1])  # the next unit's row
    assert np.allclose(second[width : 2 * width], rows[0])
    kinds = features[:, 4 * width + 3 : 4 * width + 3 + len(KINDS)]
    assert kinds[0, KINDS.index("about")] == 1 and kinds[1, KINDS.index("requirements")] == 1
    assert first[-3] == 0 and second[-3] == 1  # its place in the ad


def test_the_ads_own_units_get_the_context_rows_and_other_texts_the_units_rows() -> None:
    sections, scores, cut = _read(AD)
    # a model that reads every unit as a duty whatever its rows
    bias = np.array([0.0, 9.0, 0.0, 0.0, 0.0, 0.0])
    placed = AdContextRoles(
        sections, scores, cut, UnitContext({"weights": np.zeros((WIDTH, 6)), "bias": bias})
    )
    units = [u[0] for u in ad_units(sections, cut)]
    assert "Two years of experience in a busy warehouse" in units
    base = AdUnitRoles().roles(units)
    rows = placed.roles(units)
    assert rows.shape == base.shape and np.allclose(rows.sum(1), 1, atol=1e-5)
    assert (rows.argmax(1) == ROLES.index("duty")).all() and not np.allclose(rows, base)
    other = "Three shifts a week at the depot"
    assert np.allclose(placed.roles([other]), AdUnitRoles().roles([other]))
