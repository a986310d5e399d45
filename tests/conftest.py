"""Test-wide settings: hypothesis profiles and the backend fixture."""

import os
import tempfile

import pytest
from hypothesis import HealthCheck, settings

# IVY_TEST_EXAMPLES raises the number of hypothesis examples for deep runs (default 8; the
# default run's time and its budget: CONTRIBUTING.md; 12 was the default until the frontends grew).
# The default run is derandomized (the same examples every time, so a result is reproducible);
# IVY_TEST_RANDOM=1 explores new examples on each run (do that with more examples to hunt bugs).
settings.register_profile(
    "ivy",
    max_examples=int(os.environ.get("IVY_TEST_EXAMPLES", "8")),
    derandomize=os.environ.get("IVY_TEST_RANDOM", "") in ("", "0"),
    deadline=None,  # first calls into a framework compile kernels; timing belongs in benchmarks/
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                           HealthCheck.differing_executors],
    print_blob=True,
)
settings.load_profile("ivy")

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

# ivy-serve writes its token to a token file that clients read when IVY_AUTH_TOKEN is unset
# (ivy_client.token_file): never the user's ~/.config/ivy/token here. This process's path is
# never written (a client made without a token sends none); tests/rpc/conftest.py's env() gives
# the servers it starts another one.
os.environ["IVY_TOKEN_FILE"] = os.path.join(tempfile.mkdtemp(prefix="ivy-tests-"), "read-token")

# Under pytest-xdist (-n 2 on 2 cores) every worker would start each framework's own thread pool
# sized to all cores (OpenMP for torch/NumPy's BLAS, Eigen for TF and XLA): oversubscribed,
# their spin-waiting made single tests several times slower. One thread per framework per
# worker. Set before any test module imports a framework (the thread pools read it at load).
if os.environ.get("PYTEST_XDIST_WORKER"):
    for _var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                 "TF_NUM_INTRAOP_THREADS", "TF_NUM_INTEROP_THREADS"):
        os.environ.setdefault(_var, "1")
    # One thread also for XLA's code generation (split_count=1: splitting a module for parallel
    # LLVM codegen only adds work on one thread). Eager JAX compiles every op for each new shape
    # and dtype, and the tests draw many: compilation was most of the JAX tests' time. The
    # default run also compiles with JAX's jax_disable_most_optimizations (LLVM at -O0, the same
    # HLO and IEEE semantics, no fast-math either way): ~25% less CPU an op on this machine.
    # IVY_FULL=1 compiles as users do (full optimization).
    os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                       "intra_op_parallelism_threads=1 "
                                       "--xla_cpu_parallel_codegen_split_count=1")
    if not os.environ.get("IVY_FULL"):
        os.environ.setdefault("JAX_DISABLE_MOST_OPTIMIZATIONS", "1")


@pytest.fixture(autouse=True)
def _no_backend_leak():
    """Every test starts and ends with no backend set."""
    import ivy

    ivy.unset_backend()
    yield
    ivy.unset_backend()
