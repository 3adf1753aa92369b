"""Installs treereduce's trace hook (treereduce_trace.py beside this file)
when treereduce runs a generator, then runs the sitecustomize this one hides,
if there is one."""

import os
import sys

if os.environ.get("TREEREDUCE_TRACE_OUT"):
    import treereduce_trace

    treereduce_trace.install()


def _chain():
    import importlib.machinery
    import importlib.util

    here = os.path.dirname(os.path.abspath(__file__))
    path = [p for p in sys.path if os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)


_chain()
