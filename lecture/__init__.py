"""The ``lecture`` command line, on top of every other layer.

Importing it turns NumPy's huge-page advice off (``NUMPY_MADVISE_HUGEPAGE=0``) unless the
environment already says otherwise, for this process and every process it starts (render
and Dask workers inherit it). NumPy advises the kernel to back every array of 4 MB or more
with transparent huge pages. On our 2-core virtual machine (policy ``madvise``) a fresh
128 MB array so advised took 1.5 s to fill in a process started after a few idle seconds,
and 0.06 s without the advice: the kernel does give the huge pages (no fallback, no
compaction stall), but a free 2 MB block is, likely, handed back to the host after a while
and backed again page by page when used. A render's sound is made of such arrays (a float64
copy of a minute of narration is 23 MB), each written and read a few times, where huge pages
save little (``bench/hugepages.py``). NumPy reads the variable when it is imported, so it is
set here, before anything imports it.
"""

import os

os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")
