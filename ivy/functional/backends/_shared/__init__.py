"""Code shared by several backends, as plain functions (array-api-compat's ``common/_aliases``).

The convention (the tracer's emitter relies on it when it copies a shared function into emitted
source):

* a shared function takes the array namespace ``xp`` (``numpy``, ``jax.numpy``,
  ``tensorflow.experimental.numpy``) as its **first positional parameter**, then the API's own
  parameters; backend-specific pieces (``erf``, a native convolution...) are keyword-only
  parameters after them, passed as backend functions called *without* ``xp``;
* the helpers it calls are module-level functions of the same shared module (called with ``xp``
  first as well), the standard library, or ``numpy`` for static shape arithmetic;
* no closures, no ``globals()`` injection: each backend binds every function it uses with one
  explicit line, ``relu = partial(_nn.relu, jnp)``, so ``grep relu backends/jax`` finds it.
  ``functools.partial`` objects are plain callables in the backend module's ``__dict__``, which is
  what the C dispatcher looks up.
"""
