"""The learning submodules name the library they miss, and how to install it, in one line, when
this python lacks it (Debian's python3 has no gymnasium, pettingzoo or pyspiel)."""

import importlib
import importlib.util
import unittest

NEEDS = {"dominoes.pettingzoo": ("gymnasium", "pettingzoo"), "dominoes.gymnasium": ("gymnasium",),
         "dominoes.vector": ("gymnasium",), "dominoes.openspiel": ("pyspiel",)}


class MissingLibraries(unittest.TestCase):
    def test_each_submodule_names_what_it_misses(self):
        checked = 0
        for submodule, libraries in NEEDS.items():
            missing = [name for name in libraries if importlib.util.find_spec(name) is None]
            if not missing:
                continue  # this python has them: nothing to refuse
            with self.subTest(submodule=submodule):
                with self.assertRaises(ModuleNotFoundError) as caught:
                    importlib.import_module(submodule)
                message = str(caught.exception)
                self.assertIn(f"{submodule} needs {missing[0]}", message)
                self.assertIn("pip install 'dominoes-tournament[", message)
                self.assertEqual(len(message.splitlines()), 1)
                checked += 1
        if not checked:
            self.skipTest("this python has every learning library")


if __name__ == "__main__":
    unittest.main()
