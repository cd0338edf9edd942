"""Build the Cython core of the solver.

Optimised (-O3) and portable by default: no -march=native. One exception,
measured to save about 15% of the solver's time: on x86-64, when the
machine building the package has the POPCNT instruction (every x86-64 CPU
since 2008 or so), it is used (-mpopcnt). The package is built from source on
the machine that runs it; set VINT_PORTABLE=1 to leave it out (for a build
meant for other machines), or VINT_NATIVE=1 to tune for the build machine
entirely (-march=native).
"""
import os
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup


def _cpu_has(flag: str) -> bool:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return flag in line.split()
    except OSError:
        pass
    return False


compile_args = ["-O3"]
if os.environ.get("VINT_NATIVE") == "1":
    compile_args.append("-march=native")
elif (os.environ.get("VINT_PORTABLE") != "1" and platform.machine() in ("x86_64", "AMD64")
      and _cpu_has("popcnt")):
    compile_args.append("-mpopcnt")

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
