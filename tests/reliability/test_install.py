"""Installed as a user installs it: the CLI run from any folder, and the built wheel in a fresh
virtual environment, with nothing from the checkout but the wheel itself."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from docx import Document
from pypdf import PdfReader

from tests.conftest import REPO, needs_shared

SAMPLES = REPO / "core" / "data" / "samples"
PIP_WHEEL = (sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation")
# What a run reads besides code: a wheel without any of these renders nothing.
SHIPPED = (
    "core/prompts/writer.jinja",
    "core/prompts/jd_analyst.jinja",
    "core/templates/classic.docx",
    "core/templates/ats_plain.docx",
    "core/templates/compact.docx",
    "core/templates/resume.typ",
    "core/data/samples/sample_resume.md",
)


def _assert_outputs(out: Path) -> None:
    docx_text = "\n".join(p.text for p in Document(str(out / "resume.docx")).paragraphs)
    pdf = PdfReader(io.BytesIO((out / "resume.pdf").read_bytes()))
    pdf_text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert len(docx_text.split()) > 50, docx_text[:500]
    assert len(pdf_text.split()) > 50, pdf_text[:500]
    assert (out / "audit.json").stat().st_size > 0


def _run_cli(command: list[str], cwd: Path, env: dict[str, str], timeout: int = 300):
    return subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_run_from_a_folder_outside_the_checkout_writes_docx_and_pdf(tmp_path):
    """Typst reads only inside its root (the current folder by default): a run started anywhere
    must still typeset the layout shipped inside the package."""
    elsewhere = tmp_path / "somewhere-else"
    elsewhere.mkdir()
    out = tmp_path / "out"
    done = _run_cli(
        [
            sys.executable,
            "-m",
            "core",
            "run",
            "--resume",
            str(SAMPLES / "sample_resume.md"),
            "--jd",
            str(SAMPLES / "sample_jd.txt"),
            "--out",
            str(out),
        ],
        cwd=elsewhere,
        env=dict(os.environ),
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    _assert_outputs(out)


def _source_tree(dest: Path) -> Path:
    """The files git would ship (tracked or new, not ignored), copied out of the checkout."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    for name in listed:
        source = REPO / name
        if source.is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return dest


def _without_test_guards(env: dict[str, str]) -> dict[str, str]:
    """pip must reach the package registry; the test's network guard (tests/netguard) is for
    model providers, so it is left out of pip's environment only."""
    clean = {k: v for k, v in env.items() if k not in ("PYTHONPATH", "RF_NETGUARD_LOG")}
    return clean


@pytest.mark.slow
@pytest.mark.timeout(1200)
@needs_shared
def test_the_built_wheel_installs_in_a_fresh_venv_and_tailors_a_dev_case(tmp_path, eval_cases):
    source = _source_tree(tmp_path / "src")
    dist = tmp_path / "dist"
    pip_env = _without_test_guards(dict(os.environ))
    built = _run_cli(
        [*PIP_WHEEL, "-w", str(dist), str(source)],
        cwd=tmp_path,
        env=pip_env,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = dist.glob("resumeforge-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [name for name in SHIPPED if name not in names]
    assert not missing, f"the wheel lacks {missing}"

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    torch = _run_cli(["make", "-s", "torch-cpu", f"VENV={venv}"], cwd=REPO, env=pip_env)
    assert torch.returncode == 0, torch.stderr[-3000:]
    installed = _run_cli(
        [
            str(venv / "bin" / "pip"),
            "install",
            "-q",
            "-c",
            str(REPO / "constraints.txt"),
            str(wheel),
        ],
        cwd=tmp_path,
        env=pip_env,
        timeout=900,
    )
    assert installed.returncode == 0, installed.stderr[-3000:]

    case = next(c for c in eval_cases if (c / "fact_resume.md").is_file())
    case_args = ["--resume", str(case / "fact_resume.md"), "--jd", str(case / "jd.txt")]
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "RESUMEFORGE_HOME": str(tmp_path / "home")}
    done = _run_cli(
        [str(venv / "bin" / "resumeforge"), "run", *case_args, "--out", "out"],
        cwd=work,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    _assert_outputs(work / "out")
    # The run used the installed package, not the checkout.
    where = _run_cli(
        [str(venv / "bin" / "python"), "-c", "import core; print(core.__file__)"],
        cwd=work,
        env=env,
    )
    assert str(venv) in where.stdout, where.stdout
