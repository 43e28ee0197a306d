"""The learning submodules name the library they miss, and how to install it, in one line, when
this python lacks it: the libraries of the package's pip extra, as pyproject.toml lists them
(the package itself is on no package index, so `pip install 'dominoes-tournament[...]'` would
fail), and the extra only as an install from the repository. Each library is made missing here
(sys.modules[name] = None makes find_spec and import fail), so the test runs whatever this
python has installed."""

import importlib
import importlib.util
import pathlib
import sys
import tomllib
import unittest

NEEDS = {"dominoes.pettingzoo": ("gymnasium", "pettingzoo"), "dominoes.gymnasium": ("gymnasium",),
         "dominoes.vector": ("gymnasium",), "dominoes.openspiel": ("pyspiel",),
         "dominoes.learn": ("torch", "safetensors")}
EXTRA = {"dominoes.pettingzoo": "pettingzoo", "dominoes.gymnasium": "gymnasium",
         "dominoes.vector": "gymnasium", "dominoes.openspiel": "openspiel",
         "dominoes.learn": "learn"}
PYPROJECT = pathlib.Path(__file__).resolve().parents[2] / "pyproject.toml"


def extras():
    with open(PYPROJECT, "rb") as f:
        return tomllib.load(f)["project"]["optional-dependencies"]


class MissingLibraries(unittest.TestCase):
    def message_without(self, submodule, library):
        """The error importing `submodule` gives while `library` cannot be imported."""
        saved = {name: sys.modules.pop(name) for name in (submodule, library) if name in sys.modules}
        sys.modules[library] = None
        try:
            with self.assertRaises(ModuleNotFoundError) as caught:
                importlib.import_module(submodule)
            return str(caught.exception)
        finally:
            sys.modules.pop(library, None)
            sys.modules.pop(submodule, None)
            sys.modules.update(saved)

    def test_each_submodule_names_what_it_misses_and_what_installs_it(self):
        listed = extras()
        for submodule, libraries in NEEDS.items():
            extra = EXTRA[submodule]
            for library in libraries:
                with self.subTest(submodule=submodule, library=library):
                    message = self.message_without(submodule, library)
                    named = next(name for name in libraries  # the first that cannot be imported
                                 if name == library or importlib.util.find_spec(name) is None)
                    self.assertIn(f"{submodule} needs {named}", message)
                    wanted = " ".join(f"'{r}'" for r in listed[extra])
                    self.assertIn(f"-m pip install {wanted} (", message)
                    self.assertIn(f"pip install '.[{extra}]'", message)
                    self.assertNotIn("dominoes-tournament[", message)  # on no package index
                    self.assertEqual(len(message.splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
