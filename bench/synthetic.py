"""Synthetic evidence corpora and requirement-like queries for the retrieval benchmark.

Bullets are assembled from a few hundred resume phrases (verbs, objects, tools, outcomes) with a
seeded RNG, so every run measures the same corpus. About one in eight items is a long paragraph
(3-6 sentences) so chunking is exercised too.
"""

from __future__ import annotations

import random

from core.contracts import CardKind, EvidenceCard, Provenance

VERBS = (
    "Built",
    "Designed",
    "Led",
    "Migrated",
    "Owned",
    "Introduced",
    "Automated",
    "Rewrote",
    "Shipped",
    "Launched",
    "Scaled",
    "Instrumented",
    "Mentored",
    "Ran",
    "Redesigned",
    "Partnered",
    "Reduced",
    "Improved",
    "Established",
    "Wrote",
    "Planned",
    "Analyzed",
    "Coordinated",
    "Negotiated",
    "Facilitated",
    "Standardized",
    "Consolidated",
    "Modernized",
    "Piloted",
)
OBJECTS = (
    "the payments API",
    "the checkout flow",
    "a data pipeline",
    "the onboarding funnel",
    "the search service",
    "the billing platform",
    "an internal developer portal",
    "the mobile app release train",
    "the experimentation program",
    "the research repository",
    "a survey program",
    "the pricing page",
    "the incident response process",
    "the observability stack",
    "a feature-flag service",
    "the customer analytics warehouse",
    "the design system",
    "a usability benchmark",
    "the hiring loop",
    "the partner integration layer",
    "a recommendation model",
    "the ETL jobs",
    "the HR information system",
    "the procurement workflow",
    "the security review process",
)
TOOLS = (
    "Go",
    "Python",
    "Java",
    "Kotlin",
    "TypeScript",
    "Node.js",
    "C++",
    "C#",
    ".NET",
    "Rust",
    "Scala",
    "SQL",
    "PostgreSQL",
    "MySQL",
    "Redis",
    "Kafka",
    "RabbitMQ",
    "Kubernetes",
    "Docker",
    "Terraform",
    "Helm",
    "AWS",
    "GCP",
    "Azure",
    "Snowflake",
    "BigQuery",
    "dbt",
    "Airflow",
    "Spark",
    "Looker",
    "Tableau",
    "Amplitude",
    "Mixpanel",
    "Statsig",
    "LaunchDarkly",
    "Figma",
    "Dovetail",
    "Qualtrics",
    "Prometheus",
    "Grafana",
    "OpenTelemetry",
    "Jenkins",
    "GitHub-Actions",
    "Argo-CD",
    "CI/CD",
    "S/4HANA",
    "Workday",
    "Salesforce",
    "HubSpot",
    "Jira",
    "gRPC",
    "GraphQL",
    "REST",
    "React",
    "Swift",
)
OUTCOMES = (
    "cutting p99 latency from {a} ms to {b} ms",
    "raising conversion by {p}%",
    "saving about ${m}K a year",
    "for {n} internal teams",
    "across {n} markets",
    "with zero downtime",
    "reducing support tickets by {p}%",
    "lifting day-7 retention {p}%",
    "ahead of the {y} peak season",
    "serving {n}M requests a day",
    "with a team of {n} engineers",
    "bringing deploys from weekly to daily",
    "improving the SUS score from {a} to {b}",
)
COMPANIES = (
    "Acme",
    "Globex",
    "Initech",
    "Umbrella",
    "Hooli",
    "Stark",
    "Wayne",
    "Tyrell",
    "Cyberdyne",
    "Soylent",
)
ROLES = (
    "Software Engineer",
    "Senior Software Engineer",
    "Product Manager",
    "UX Researcher",
    "Data Analyst",
    "Engineering Manager",
    "Platform Engineer",
    "Growth PM",
)


def _sentence(rng: random.Random) -> str:
    tools = " and ".join(rng.sample(TOOLS, rng.randint(1, 3)))
    outcome = rng.choice(OUTCOMES).format(
        a=rng.randint(50, 900),
        b=rng.randint(10, 400),
        p=rng.randint(2, 60),
        m=rng.randint(10, 900),
        n=rng.randint(2, 40),
        y=rng.randint(2012, 2025),
    )
    return f"{rng.choice(VERBS)} {rng.choice(OBJECTS)} with {tools}, {outcome}."


def synthetic_cards(count: int, *, seed: int = 7) -> list[EvidenceCard]:
    rng = random.Random(seed)  # noqa: S311 — reproducible test data, not secrets
    cards: list[EvidenceCard] = []
    for i in range(count):
        sentences = rng.randint(3, 6) if rng.random() < 0.125 else 1
        text = " ".join(_sentence(rng) for _ in range(sentences))
        cards.append(
            EvidenceCard(
                id=f"s{i}",
                kind=CardKind.ROLE_SENTENCE if sentences > 1 else CardKind.EXPERIENCE_BULLET,
                raw_text=text,
                company=rng.choice(COMPANIES),
                role=rng.choice(ROLES),
                timeframe=f"{rng.randint(2010, 2020)} – {rng.randint(2021, 2025)}",
                provenance=Provenance(source="synthetic.md", line_start=i + 1, line_end=i + 1),
            )
        )
    return cards


def synthetic_queries(count: int, *, seed: int = 11) -> list[str]:
    rng = random.Random(seed)  # noqa: S311 — reproducible test data, not secrets
    frames = (
        "Experience with {t} and {o}",
        "Hands-on experience owning {o}",
        "Strong proficiency in {t}; working knowledge of {u}",
        "A track record of improving {o} using {t}",
        "Experience with CI/CD and {t}",
        "Familiarity with experimentation platforms such as {t}",
    )
    return [
        rng.choice(frames).format(t=rng.choice(TOOLS), u=rng.choice(TOOLS), o=rng.choice(OBJECTS))
        for _ in range(count)
    ]
