"""Importing the packages: no cycles, and a clear message when the source tree shadows the build."""

import shutil
import subprocess
import sys
from pathlib import Path

import solver


def _copy_package(to: Path, with_core: bool) -> Path:
    package = Path(solver.__file__).resolve().parent
    target = to / "solver"
    target.mkdir(parents=True)
    for pattern in ("*.py", "*.pyx", "*.pxd", "*.pxi"):
        for f in package.glob(pattern):
            shutil.copy(f, target / f.name)
    if with_core:
        shutil.copy(solver._core.__file__, target)
    return target


def test_an_unbuilt_source_folder_says_what_to_do(tmp_path):
    """A source checkout without the compiled core, first on the path (as when
    Python runs from the repository root after 'pip install .'), stops at
    import with a message that names the folder and the fix."""
    _copy_package(tmp_path / "site", with_core=True)          # the installed build
    source = _copy_package(tmp_path / "checkout", with_core=False)
    # -S: no site-packages, so that only these two copies can be found.
    proc = subprocess.run([sys.executable, "-S", "-c", "import solver"],
                          cwd=tmp_path / "checkout",
                          env={"PYTHONPATH": f"{tmp_path / 'checkout'}:{tmp_path / 'site'}"},
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    message = proc.stderr.strip().splitlines()[-1]
    assert message.startswith("ImportError: Python found the solver's source folder")
    assert str(source) in message and "pip install -e ." in message
    assert "circular import" not in message
    # From another folder the installed build is used.
    proc = subprocess.run([sys.executable, "-S", "-c", "import solver; print(solver.__file__)"],
                          cwd=tmp_path, env={"PYTHONPATH": str(tmp_path / "site")},
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "site" in proc.stdout


def test_the_advisor_does_not_hide_its_modules():
    import advisor
    import advisor.par
    import advisor.postmortem

    assert advisor.par.__name__ == "advisor.par" and callable(advisor.find_par)
    assert callable(advisor.review) and advisor.postmortem.review is advisor.review
