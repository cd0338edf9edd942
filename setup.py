"""Build the Cython core of the solver.

Optimised (-O3) and portable by default: no -march=native. Two exceptions,
for instructions the core measurably gains from: on x86-64, when the machine
building the package has the POPCNT instruction (every x86-64 CPU since 2008
or so), it is used (-mpopcnt, about 15% of the solver's time); and when it has
BMI2 with fast PEXT/PDEP (Intel since 2013, AMD since Zen 3: on earlier AMD
CPUs they are microcoded and slow), they pack the transposition table's keys
(-mbmi2). The package is built from source on the machine that runs it; set
VINT_PORTABLE=1 to leave both out (for a build meant for other machines), or
VINT_NATIVE=1 to tune for the build machine entirely (-march=native).
"""
import os
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup


def _cpu_info() -> dict:
    """The first processor's fields in /proc/cpuinfo (empty where there is none)."""
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if not line.strip():
                    break
                key, _, value = line.partition(":")
                info[key.strip()] = value.strip()
    except OSError:
        pass
    return info


def _cpu_has(flag: str) -> bool:
    return flag in _cpu_info().get("flags", "").split()


def _fast_pext() -> bool:
    """BMI2 with PEXT/PDEP in hardware: AMD's before Zen 3 (family 0x19) are microcoded."""
    info = _cpu_info()
    if not _cpu_has("bmi2"):
        return False
    if info.get("vendor_id") == "AuthenticAMD":
        try:
            return int(info.get("cpu family", "0")) >= 0x19
        except ValueError:
            return False
    return True


compile_args = ["-O3"]
if os.environ.get("VINT_NATIVE") == "1":
    compile_args.append("-march=native")
elif os.environ.get("VINT_PORTABLE") != "1" and platform.machine() in ("x86_64", "AMD64"):
    if _cpu_has("popcnt"):
        compile_args.append("-mpopcnt")
    if _fast_pext():
        compile_args.append("-mbmi2")

extensions = [
    Extension("solver._core", ["solver/_core.pyx"], extra_compile_args=compile_args),
    # Any card ranking (Courts, 32 cards, three players): separate, so the
    # standard game's core stays as it is.
    Extension("solver._general", ["solver/_general.pyx"], extra_compile_args=compile_args),
]

setup(
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    ),
)
