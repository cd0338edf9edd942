"""Build the Cython core of the solver.

Optimised (-O3) but portable: no -march=native unless VINT_NATIVE=1 is set.
"""
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

compile_args = ["-O3"]
if os.environ.get("VINT_NATIVE") == "1":
    compile_args.append("-march=native")

extensions = [
    Extension("solver._core", ["solver/_core.pyx"], extra_compile_args=compile_args),
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
