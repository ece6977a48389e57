"""A fuzzer for every kind of file cardtools reads (issue 21).

``mutate`` changes one file of a workspace (YAML by its structure, SVG, fonts, or the file itself);
``kinds`` says which files of the shipped games are of each kind and which commands read them;
``runner`` applies mutants to copies of the shipped workspace, runs the commands in forked copies
of one warm process, and checks what a designer sees: no traceback, exit 0/1/2, every diagnostic
at a ``file:line:col`` inside the file, each command within its time and memory budget.

``tests/fuzz/test_fuzz.py`` runs a few hundred mutants of each kind with a fixed seed in CI;
``python benchmarks/fuzz.py --mutants 10000`` runs the long version and prints its figures.
"""
