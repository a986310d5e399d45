"""Frontends: other frameworks' APIs written as plain compositions of ``ivy.*`` calls.

``import ivy.frontends.torch as torch`` runs ordinary PyTorch code on whichever Ivy backend is set
(or inferred from the arrays). A frontend follows its framework's semantics (type promotion,
defaults, ``dim``/``keepdim`` conventions), not the Array API's. Frontends import no ML framework
themselves: the backend in use does. See docs/frontends.md.
"""
