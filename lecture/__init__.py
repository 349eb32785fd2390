"""The ``lecture`` command line, on top of every other layer.

Importing it turns NumPy's huge-page advice off (``NUMPY_MADVISE_HUGEPAGE=0``) unless the
environment already says otherwise, for this process and every process it starts (render
and Dask workers inherit it). NumPy advises the kernel to back every array of 4 MB or more
with transparent huge pages; where the kernel's policy is ``madvise`` and no huge page is
free, each page fault of such an array first tries to compact memory. On our 2-core
machine a fresh 128 MB array took 1.7 s to fill with the advice and 0.06 s without, and a
render's sound (a float64 copy of a minute of narration is 23 MB) is made of such arrays.
Each is written and read a few times, where huge pages save little. NumPy reads the
variable when it is imported, so it is set here, before anything imports it.
"""

import os

os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")
