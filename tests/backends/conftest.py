"""Options of the backend tests run by pytest: where setup.sh built and installed them."""

from pathlib import Path

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--build",
        default=str(Path(__file__).resolve().parents[2] / "build"),
        help="the build folder of setup.sh, holding venv-mydevice and venv-cpuref",
    )


@pytest.fixture(scope="session")
def build_dir(request: pytest.FixtureRequest) -> Path:
    return Path(request.config.getoption("--build"))
