"""Developer tools run by hand (``python -m tools.<name>`` from the repository root): the
transpiler's real-code surveys and the probe of unseen code. Not tests: pytest does not collect
them (``testpaths = ["tests"]`` and no ``test_`` names); see ``tools/README.md``."""
