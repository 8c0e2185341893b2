"""docs/python.md cannot go stale: its interactive examples run as doctests (errors
included, message for message), and its code blocks run in order in one namespace, as a
reader would paste them, as written (the document keeps its counts small and says so); only
Ray is started small and without its dashboard."""

import doctest
import importlib.util
import pathlib
import re

import pytest

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"


def python_blocks():
    """The ```python blocks of the document that are not interactive sessions."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if not b.lstrip().startswith(">>>")]


def quick(code):
    """The block with Ray started small and without its dashboard."""
    return code.replace("ray.init()", "ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)")


def test_the_interactive_examples_give_what_the_document_shows():
    failures, tried = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0


def test_the_code_blocks_run_in_order():
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    ray = pytest.importorskip("ray")
    blocks = python_blocks()
    assert len(blocks) >= 6
    namespace = {"__name__": "docs_python_md"}
    try:
        for i, block in enumerate(blocks):
            if "sb3_contrib" in block and importlib.util.find_spec("sb3_contrib") is None:
                # The training example needs PyTorch, which is not a test dependency.
                continue
            try:
                exec(compile(quick(block), f"docs/python.md block {i + 1}", "exec"), namespace)
            except Exception as e:  # noqa: BLE001 (the block is named in the failure)
                pytest.fail(f"docs/python.md python block {i + 1} fails: {e!r}\n{block}")
    finally:
        if ray.is_initialized():
            ray.shutdown()
