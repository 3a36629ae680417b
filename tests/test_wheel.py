"""The engine and the CLI as players install them: wheels, no Rust toolchain.

No twin in Rust: this is packaging (README, "Installing from wheels" and
"Releasing"). Always checked: the release workflow is valid YAML whose jobs
build the engine (abi3, manylinux_2_28, x86_64 and aarch64, no test
features), its sdist and the CLI from the right paths and publish them by
trusted publishing on a version tag; pyproject.toml promises a manylinux
tag; the audit rule below refuses a wheel that needs more than its tag.

With the wheels `.ci/run` builds (CARDAVIA_WHEELHOUSE, the folder holding
them; CARDAVIA_WHEEL_VENV, a fresh virtual environment they alone were
installed into; CARDAVIA_AUDITWHEEL, auditwheel installed apart as a
checker), also: the wheels' tags, auditwheel's verdict, no test scaffolding
in the product, and a whole game of each kind played through the installed
`cardavia play --json` with no cargo or rustc on PATH, move for move the
game this source tree's engine plays.
"""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cardavia
import pytest
from packaging.requirements import Requirement
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:
    tomllib = pytest.importorskip("tomli")
yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
GAMES = ("durak", "perevodnoy", "schnapsen")
# What the release claims: PyPI's manylinux_2_28 containers' glibc.
RELEASE_MANYLINUX = "2_28"
RELEASE_TARGETS = {"x86_64", "aarch64"}

# name-version-python-abi-platform.whl (PEP 427; no build tag here).
WHEEL_NAME = re.compile(
    r"^(?P<name>[^-]+)-(?P<version>[^-]+)-(?P<python>[^-]+)-(?P<abi>[^-]+)-(?P<platform>[^-]+)\.whl$"
)
MANYLINUX = re.compile(r"^manylinux_(?P<major>\d+)_(?P<minor>\d+)_(?P<arch>\w+)$")
# PEP 600's names for the older manylinux tags.
LEGACY = {"manylinux1": (2, 5), "manylinux2010": (2, 12), "manylinux2014": (2, 17)}
VERDICT = re.compile(r'is consistent with the following platform tag: "([^"]+)"')


def toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        data: dict[str, Any] = tomllib.load(f)
    return data


def engine_project() -> dict[str, Any]:
    return toml(ROOT / "pyproject.toml")


def cli_project() -> dict[str, Any]:
    return toml(ROOT / "cli" / "pyproject.toml")


def promised_tag() -> str:
    """The platform tag `maturin build` gives the engine here, from
    pyproject.toml's compatibility and this machine's architecture."""
    return f"{engine_project()['tool']['maturin']['compatibility']}_{platform.machine()}"


# --- the audit rule ------------------------------------------------------------


def glibc(tag: str) -> tuple[tuple[int, int], str] | None:
    """(glibc version, architecture) a manylinux tag stands for, None for
    any other tag (``linux_x86_64``: no promise an index accepts)."""
    found = MANYLINUX.match(tag)
    if found:
        return (int(found["major"]), int(found["minor"])), found["arch"]
    legacy, _, arch = tag.partition("_")
    if legacy in LEGACY and arch:
        return LEGACY[legacy], arch
    return None


def audit_problem(wheel_platform: str, report: str) -> str | None:
    """Why a wheel tagged ``wheel_platform`` needs more than its tag
    promises, by the tag ``auditwheel show`` found it consistent with
    (``report``: its output), or None when the tag holds. A wheel may
    promise less than it could (a newer glibc than it needs), never more."""
    verdicts = VERDICT.findall(" ".join(report.split()))
    if len(verdicts) != 1:
        raise ValueError(f"no platform verdict in auditwheel's report: {report!r}")
    needed = glibc(verdicts[0])
    if needed is None:
        return f"auditwheel finds no manylinux policy it fits: {verdicts[0]}"
    # A compressed tag set (a.b) promises every tag in it; the oldest counts.
    promises = [glibc(tag) for tag in wheel_platform.split(".")]
    if None in promises:
        return f"the wheel's tag {wheel_platform} is not a manylinux tag"
    oldest = min(p for p in promises if p is not None)
    if oldest[1] != needed[1]:
        return f"the wheel is tagged for {oldest[1]}, auditwheel finds {needed[1]}"
    if needed[0] > oldest[0]:
        return f"the wheel is tagged {wheel_platform} but needs {verdicts[0]}"
    return None


# auditwheel 6's report, wrapped as it prints it.
REPORT = """
cardavia-0.1.0-cp310-abi3-manylinux_2_34_x86_64.whl is consistent with
the following platform tag: "{tag}".

The wheel references external versioned symbols in these
system-provided shared libraries: libc.so.6 with versions {{'GLIBC_2.34'}}
"""


@pytest.mark.parametrize(
    ("wheel", "found", "problem"),
    [
        ("manylinux_2_34_x86_64", "manylinux_2_34_x86_64", None),
        ("manylinux_2_34_x86_64", "manylinux_2_17_x86_64", None),
        ("manylinux_2_28_x86_64", "manylinux_2_34_x86_64", "needs manylinux_2_34_x86_64"),
        ("manylinux2014_x86_64", "manylinux_2_28_x86_64", "needs manylinux_2_28_x86_64"),
        ("manylinux_2_28_x86_64.manylinux_2_34_x86_64", "manylinux_2_34_x86_64", "needs"),
        ("manylinux_2_34_x86_64", "linux_x86_64", "no manylinux policy"),
        ("manylinux_2_34_aarch64", "manylinux_2_34_x86_64", "auditwheel finds x86_64"),
        ("linux_x86_64", "manylinux_2_34_x86_64", "not a manylinux tag"),
    ],
)
def test_audit_refuses_a_tag_that_promises_too_much(
    wheel: str, found: str, problem: str | None
) -> None:
    verdict = audit_problem(wheel, REPORT.format(tag=found))
    if problem is None:
        assert verdict is None
    else:
        assert verdict is not None and problem in verdict


def test_audit_without_a_verdict_is_an_error() -> None:
    with pytest.raises(ValueError, match="no platform verdict"):
        audit_problem("manylinux_2_34_x86_64", "auditwheel: cannot access wheel")


# --- what the repository promises ------------------------------------------------


def test_pyproject_promises_a_manylinux_tag() -> None:
    maturin = engine_project()["tool"]["maturin"]
    assert MANYLINUX.match(f"{maturin['compatibility']}_x86_64"), maturin["compatibility"]
    # Test scaffolding (the soak) stays out of every build that reads this.
    assert "features" not in maturin


def test_engine_and_cli_versions_match() -> None:
    """One tag releases both (README, "Releasing": the five places a version
    is written); the CLI accepts the engine it is released with."""
    engine, cli = engine_project()["project"], cli_project()["project"]
    assert engine["version"] == cli["version"]
    assert toml(ROOT / "Cargo.toml")["workspace"]["package"]["version"] == engine["version"]
    assert cardavia.__version__ == engine["version"]
    init = (ROOT / "cli" / "cardavia_cli" / "__init__.py").read_text(encoding="utf-8")
    assert f'__version__ = "{cli["version"]}"' in init
    wanted = [Requirement(r) for r in cli["dependencies"] if Requirement(r).name == "cardavia"]
    assert len(wanted) == 1
    assert Version(engine["version"]) in wanted[0].specifier


def workflow() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    # YAML 1.1 reads the key `on` as True.
    data["on"] = data.pop(True, data.get("on"))
    return data


def steps_using(job: dict[str, Any], action: str) -> list[dict[str, Any]]:
    return [s for s in job["steps"] if str(s.get("uses", "")).startswith(action)]


def run_text(job: dict[str, Any]) -> str:
    return "\n".join(str(s.get("run", "")) for s in job["steps"])


def test_release_workflow_runs_on_a_version_tag() -> None:
    flow = workflow()
    assert flow["on"]["push"] == {"tags": ["v*"]}
    assert "workflow_dispatch" in flow["on"]
    # Nothing but the publishing job may write or mint a token.
    assert flow["permissions"] == {"contents": "read"}
    version = run_text(flow["jobs"]["version"])
    for path in ("pyproject.toml", "cli/pyproject.toml"):
        assert path in version and (ROOT / path).is_file()


def test_release_builds_abi3_manylinux_wheels_for_both_architectures() -> None:
    job = workflow()["jobs"]["engine"]
    assert set(job["strategy"]["matrix"]["target"]) == RELEASE_TARGETS
    (build,) = steps_using(job, "PyO3/maturin-action@")
    given = build["with"]
    assert given["manylinux"] == RELEASE_MANYLINUX
    assert given["target"] == "${{ matrix.target }}"
    args = given["args"].split()
    assert "--release" in args and args[args.index("--out") + 1] == "dist"
    # The product: no `testing` feature, no other manifest than pyproject's.
    assert not {"--features", "-F", "--all-features", "-m", "--manifest-path"} & set(args)
    requires = Requirement(engine_project()["build-system"]["requires"][0])
    assert requires.name == "maturin"
    assert Version(given["maturin-version"]) in requires.specifier
    assert f"cp310-abi3-manylinux_{RELEASE_MANYLINUX}_" in run_text(job)
    # abi3 from Python 3.10: one wheel per architecture serves every CPython.
    assert engine_project()["project"]["requires-python"] == ">=3.10"


def test_release_builds_the_sdist_and_the_cli() -> None:
    jobs = workflow()["jobs"]
    (sdist,) = steps_using(jobs["sdist"], "PyO3/maturin-action@")
    assert sdist["with"]["command"] == "sdist"
    cli = run_text(jobs["cli"])
    assert "python -m build --outdir dist cli" in cli
    assert "cardavia_cli-*-py3-none-any.whl" in cli
    assert cli_project()["build-system"]["build-backend"] == "hatchling.build"


def test_release_plays_each_wheel_on_the_oldest_platform_it_claims() -> None:
    job = workflow()["jobs"]["smoke"]
    assert set(job["needs"]) == {"engine", "cli"}
    assert {row["target"] for row in job["strategy"]["matrix"]["include"]} == RELEASE_TARGETS
    image = f"quay.io/pypa/manylinux_{RELEASE_MANYLINUX}_" + "${{ matrix.target }}"
    assert job["container"] == image
    script = run_text(job)
    assert "/opt/python/cp310-cp310/bin/python -m venv" in script
    assert "command -v cargo" in script
    assert "auditwheel show" in script
    assert f'test "$needs" -le {RELEASE_MANYLINUX.split("_")[1]}' in script
    assert "hasattr(n, 'soak')" in script
    assert "cardavia --version" in script and "cardavia play durak" in script


def test_release_publishes_by_trusted_publishing() -> None:
    flow = workflow()
    job = flow["jobs"]["publish"]
    assert set(job["needs"]) == {"engine", "sdist", "cli", "smoke"}
    assert job["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert job["permissions"] == {"id-token": "write"}
    assert job["environment"]["name"] == "pypi"
    (publish,) = steps_using(job, "pypa/gh-action-pypi-publish@")
    assert publish["with"] == {"packages-dir": "dist"}
    # Every build's artifact goes up, and no stored password or token does.
    (download,) = steps_using(job, "actions/download-artifact@")
    assert download["with"]["pattern"] == "dist-*"
    for name in ("engine", "sdist", "cli"):
        (upload,) = steps_using(flow["jobs"][name], "actions/upload-artifact@")
        assert str(upload["with"]["name"]).startswith("dist-")
    assert "secrets." not in WORKFLOW.read_text(encoding="utf-8")


def test_readme_says_how_to_install_a_wheel_and_release() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install cardavia-*.whl cardavia_cli-*.whl" in readme
    assert "\n## Releasing\n" in readme
    assert ".github/workflows/release.yml" in readme


# --- the wheels .ci/run built ---------------------------------------------------


def from_env(name: str) -> Path:
    value = os.environ.get(name)
    if not value:
        pytest.skip(f"{name} is set by .ci/run once it has built and installed the wheels")
    return Path(value)


@pytest.fixture(scope="module")
def wheelhouse() -> Path:
    return from_env("CARDAVIA_WHEELHOUSE")


def only_wheel(folder: Path, pattern: str) -> tuple[Path, re.Match[str]]:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, found
    name = WHEEL_NAME.match(found[0].name)
    assert name, found[0].name
    return found[0], name


def test_engine_wheel_is_abi3_manylinux(wheelhouse: Path) -> None:
    _, name = only_wheel(wheelhouse, "cardavia-*.whl")
    assert name["version"] == engine_project()["project"]["version"]
    assert (name["python"], name["abi"]) == ("cp310", "abi3")
    assert name["platform"] == promised_tag()


def test_cli_wheel_is_pure_python(wheelhouse: Path) -> None:
    _, name = only_wheel(wheelhouse, "cardavia_cli-*.whl")
    assert name["version"] == cli_project()["project"]["version"]
    assert (name["python"], name["abi"], name["platform"]) == ("py3", "none", "any")


def test_auditwheel_agrees_with_the_tag(wheelhouse: Path) -> None:
    auditwheel = from_env("CARDAVIA_AUDITWHEEL")
    wheel, name = only_wheel(wheelhouse, "cardavia-*.whl")
    shown = subprocess.run(
        [str(auditwheel), "show", str(wheel)], capture_output=True, text=True, check=True
    )
    assert audit_problem(name["platform"], shown.stdout) is None, shown.stdout


def test_engine_wheel_holds_the_package_and_its_stubs(wheelhouse: Path) -> None:
    wheel, _ = only_wheel(wheelhouse, "cardavia-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("cardavia/_native.abi3.so", "cardavia/_native.pyi", "cardavia/py.typed"):
        assert needed in names
    version = engine_project()["project"]["version"]
    assert {n.split("/")[0] for n in names} == {"cardavia", f"cardavia-{version}.dist-info"}


def rustless(path: str) -> str:
    """PATH without the folders that hold a Rust toolchain."""
    tools = ("cargo", "rustc", "rustup")
    kept = [d for d in path.split(os.pathsep) if not any((Path(d) / t).exists() for t in tools)]
    return os.pathsep.join(kept)


@pytest.fixture(scope="module")
def player(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a player who installed the wheels: the fresh venv
    first on a PATH without cargo, a home of their own, English."""
    venv = from_env("CARDAVIA_WHEEL_VENV")
    home = tmp_path_factory.mktemp("player")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "CARGO_HOME", "RUSTUP_HOME"}
        and not k.startswith("CARDAVIA_")
    }
    env.update(
        PATH=os.pathsep.join([str(venv / "bin"), rustless(os.environ["PATH"])]),
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        CARDAVIA_DATA_DIR=str(home / "saves"),
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
    )
    return env


def run(env: dict[str, str], *command: str, stdin: str = "") -> str:
    done = subprocess.run(
        command, env=env, input=stdin, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_no_rust_toolchain_in_the_players_path(player: dict[str, str]) -> None:
    found = subprocess.run(
        ["sh", "-c", "command -v cargo || command -v rustc || command -v rustup"],
        env=player,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode != 0, found.stdout


def test_installed_from_the_wheels_not_this_tree(player: dict[str, str]) -> None:
    venv = Path(player["PATH"].split(os.pathsep)[0]).parent.resolve()
    where = run(
        player,
        "python",
        "-c",
        "import cardavia, cardavia_cli, cardavia._native as n; "
        "print(cardavia.__file__); print(cardavia_cli.__file__); print(hasattr(n, 'soak'))",
    ).split()
    assert all(Path(path).resolve().is_relative_to(venv) for path in where[:2]), where
    # The product leaves out the `testing` feature that .ci/run's tests use.
    assert where[2] == "False"


def test_installed_version(player: dict[str, str]) -> None:
    engine, cli = engine_project()["project"], cli_project()["project"]
    shown = run(player, "cardavia", "--version").strip()
    assert shown == f"cardavia-cli {cli['version']} (engine cardavia {engine['version']})"


def machine_game(
    env: dict[str, str], game: str, seed: int
) -> Iterator[tuple[dict[str, Any], str | None]]:
    """Each line of `cardavia play GAME --json` and the legal move it was
    answered with (None once none is left): the n-th line's n-th move, round
    the list, so that a game is not only the lowest move each time."""
    proc = subprocess.Popen(
        ["cardavia", "play", game, "--seed", str(seed), "--level", "easy", "--json"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for n in range(2_000):
            line = json.loads(proc.stdout.readline())
            legal = line["legal_moves"]
            if not legal:
                yield line, None
                break
            yield line, legal[n % len(legal)]
            proc.stdin.write(legal[n % len(legal)] + "\n")
            proc.stdin.flush()
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()


@pytest.mark.parametrize("game", GAMES)
def test_whole_game_through_the_installed_cli(player: dict[str, str], game: str) -> None:
    played = list(machine_game(player, game, seed=3))
    last, answer = played[-1]
    assert answer is None and last["outcome"] is not None, last
    assert not any("error" in line for line, _ in played)
    # Move for move the game this tree's engine plays from the same deal.
    here = cardavia.new_game(game, seed=3)
    for line, answer in played:
        for move in line["ai_moves"]:
            here.play(move)
        if answer is not None:
            here.play(answer)
    assert here.is_over
    assert here.observation(0) == {k: v for k, v in last.items() if k != "ai_moves"}
