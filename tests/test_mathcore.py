"""Tests of the float math core (``mathcore.linalg`` and ``mathcore.attention``).

Written in the style of scipy.special's tests: one class per function, known values at an
explicit ``rtol``, invariants, overflow inputs, bad shapes, and hypothesis property tests on
well-behaved floats (bounded, no NaN or infinity).
"""

from __future__ import annotations

import importlib
import inspect
import math
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal

from mathcore import (
    AngleClass,
    Attention,
    angle_class,
    angle_degrees,
    attention,
    cosine,
    cosine_scores,
    dot,
    fmt,
    norm,
    project,
    residual,
    scalar_projection,
    scaled_scores,
    softmax,
)
from mathcore.exact import exact_dot, exact_project, exact_residual
from mathcore.linalg import as_vector

ROOT = Path(__file__).resolve().parents[1]
EPS = np.finfo(np.float64).eps

# The lesson's numbers (lessons/inner-product.toml).
Q, K = (2, 1), (1, 2)
SQRT5 = math.sqrt(5)
COMP = 1.7888543819998317  # 4 / sqrt(5)

PROPS = settings(max_examples=100, deadline=None)
FEW = settings(max_examples=50, deadline=None)

# ---------------------------------------------------------------------------------------------
# Strategies: bounded floats, no NaN/inf.  Magnitudes below 1e-6 are flushed to 0 so that
# squared norms never underflow (that regime has its own, explicit, tests below).
# ---------------------------------------------------------------------------------------------

BOUND = 1e3


def _flush(x: float) -> float:
    return 0.0 if abs(x) < 1e-6 else x


finite = st.floats(-BOUND, BOUND, allow_nan=False, allow_infinity=False).map(_flush)
small = st.floats(-10, 10, allow_nan=False, allow_infinity=False).map(_flush)
positive = st.floats(1e-3, 1e3, allow_nan=False, allow_infinity=False)
dims = st.integers(1, 6)


def vectors(n: int, elements=finite):
    return hnp.arrays(np.float64, n, elements=elements)


def nonzero_vectors(n: int, elements=finite):
    return vectors(n, elements).filter(lambda v: bool(np.any(v != 0)))


@st.composite
def pairs(draw, nonzero: bool = False, elements=finite):
    n = draw(dims)
    make = nonzero_vectors if nonzero else vectors
    return draw(make(n, elements)), draw(make(n, elements))


logit_arrays = hnp.arrays(
    np.float64,
    hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=6),
    elements=finite,
)


@st.composite
def logits_and_mask(draw):
    """Logits of shape (m,) or (n, m) and a boolean mask with at least one True per row."""
    x = draw(logit_arrays)
    mask = draw(hnp.arrays(np.bool_, x.shape))
    rows = mask.reshape(-1, x.shape[-1])
    for r in rows:
        r[draw(st.integers(0, x.shape[-1] - 1))] = True
    return x, rows.reshape(x.shape)


# ---------------------------------------------------------------------------------------------
# Independent reference: PyTorch's documented scaled_dot_product_attention, in plain numpy.
# ---------------------------------------------------------------------------------------------


def reference_sdpa(Qm, Km, Vm=None, mask=None):
    """``attn = Q @ K.T * (1/sqrt(d_k)); attn += where(mask, 0, -inf); softmax; attn @ V``."""
    Qm, Km = np.asarray(Qm, dtype=np.float64), np.asarray(Km, dtype=np.float64)
    scale_factor = 1 / math.sqrt(Qm.shape[-1])
    attn = Qm @ Km.T * scale_factor
    if mask is not None:
        attn = attn + np.where(mask, 0.0, -np.inf)
    attn = np.exp(attn - attn.max(axis=-1, keepdims=True))
    attn = attn / attn.sum(axis=-1, keepdims=True)
    if Vm is None:
        return attn
    return attn, attn @ np.asarray(Vm, dtype=np.float64)


@st.composite
def attention_inputs(draw, elements=finite):
    d_k = draw(dims)
    m = draw(st.integers(1, 6))
    d_v = draw(st.integers(1, 4))
    batched = draw(st.booleans())
    n = draw(st.integers(1, 5))
    q_shape = (n, d_k) if batched else (d_k,)
    Qm = draw(hnp.arrays(np.float64, q_shape, elements=elements))
    Km = draw(hnp.arrays(np.float64, (m, d_k), elements=elements))
    Vm = draw(hnp.arrays(np.float64, (m, d_v), elements=elements))
    mask = None
    if draw(st.booleans()):
        mask_shape = draw(st.sampled_from([(n, m), (m,)])) if batched else (m,)
        mask = draw(hnp.arrays(np.bool_, mask_shape))
        rows = mask.reshape(-1, m)
        for r in rows:
            r[draw(st.integers(0, m - 1))] = True
        mask = rows.reshape(mask_shape)
    return Qm, Km, Vm, mask


# =============================================================================================
# Package hygiene
# =============================================================================================


class TestImport:
    def test_import_does_not_pull_in_manim(self):
        code = (
            "import sys, mathcore, mathcore.exact, mathcore.fmt, mathcore.linalg, "
            "mathcore.attention; "
            "assert 'manim' not in sys.modules, sorted(m for m in sys.modules if 'manim' in m)"
        )
        proc = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert proc.returncode == 0, proc.stderr

    def test_the_package_offers_the_math_modules_public_names(self):
        # what `from mathcore import *` gives: every public name of mathcore.linalg and
        # mathcore.attention (their input check as_vector aside), the modules' own objects,
        # each function documented with its parameters, its result and a worked example
        star: dict[str, object] = {}
        exec("from mathcore import *", star)
        offered = set(star) - {"__builtins__"}
        modules = [importlib.import_module(f"mathcore.{m}") for m in ("linalg", "attention")]
        assert offered == {n for m in modules for n in m.__all__} - {"as_vector"}
        for name in sorted(offered):
            obj = star[name]
            assert obj is getattr(sys.modules[obj.__module__], name), name
            if inspect.isfunction(obj):
                doc = inspect.getdoc(obj) or ""
                sections = ("Parameters", "Returns", "Examples")
                assert all(f"\n{s}\n---" in doc for s in sections), name


# =============================================================================================
# mathcore.linalg
# =============================================================================================


class TestAsVector:
    def test_copies_to_float64(self):
        x = [1, 2]
        v = as_vector(x)
        assert v.dtype == np.float64
        assert_array_equal(v, [1.0, 2.0])

    @pytest.mark.parametrize("bad", [3.0, [], [[1, 2]], [[1], [2]], np.zeros((0,))])
    def test_bad_shapes(self, bad):
        with pytest.raises(ValueError, match="non-empty 1-D"):
            as_vector(bad)

    @pytest.mark.parametrize("bad", [[1, np.nan], [np.inf, 0], [0, -np.inf]])
    def test_non_finite(self, bad):
        with pytest.raises(ValueError, match="finite"):
            as_vector(bad)


class TestDot:
    def test_lesson_pair(self):
        # (2,1)·(1,2) = 2 + 2 = 4, exactly.
        assert dot(Q, K) == 4.0
        assert isinstance(dot(Q, K), float)

    def test_quiz_obtuse(self):
        # (2,-1,3)·(1,4,-2) = 2 - 4 - 6 = -8
        assert dot((2, -1, 3), (1, 4, -2)) == -8.0

    def test_magnitude_pairs_same_score(self):
        assert dot((4, 0), (1, 0)) == 4.0 == dot((2, 1), (1, 2))

    def test_orthogonal(self):
        assert dot((2, 1), (-1, 2)) == 0.0
        assert dot((-2, 1), (1, 2)) == 0.0

    def test_known_values(self):
        assert_allclose(dot([0.1, 0.2], [0.3, 0.4]), 0.11, rtol=1e-15)
        assert dot([1e3] * 4, [-1e3] * 4) == -4e6

    def test_overflow_is_infinite(self):
        # 1e400 is not representable: the product honestly overflows.
        with np.errstate(over="ignore"):
            assert dot([1e200], [1e200]) == math.inf

    @pytest.mark.parametrize(
        "x, y",
        [([1, 2], [1, 2, 3]), ([[1, 2]], [1, 2]), ([], []), (1.0, 1.0), ([1, 2], [[1], [2]])],
    )
    def test_bad_shapes(self, x, y):
        with pytest.raises(ValueError):
            dot(x, y)

    @PROPS
    @given(pairs())
    def test_symmetric(self, xy):
        x, y = xy
        assert dot(x, y) == dot(y, x)

    @PROPS
    @given(pairs(), finite)
    def test_bilinear(self, xy, a):
        x, y = xy
        scale = abs(a) * norm(x) * norm(y)
        assert abs(dot(a * x, y) - a * dot(x, y)) <= 1e-12 * scale

    @PROPS
    @given(pairs())
    def test_cauchy_schwarz(self, xy):
        x, y = xy
        bound = norm(x) * norm(y)
        assert abs(dot(x, y)) <= bound * (1 + 1e-12)

    @PROPS
    @given(dims.flatmap(lambda n: vectors(n)))
    def test_self_dot_is_square_of_norm(self, x):
        assert_allclose(dot(x, x), norm(x) ** 2, rtol=1e-13, atol=0)


class TestNorm:
    def test_lesson_pair(self):
        assert_allclose(norm(Q), SQRT5, rtol=1e-15)
        assert_allclose(norm(K), SQRT5, rtol=1e-15)
        assert norm(Q) == norm(K)

    @pytest.mark.parametrize(
        "x, expected",
        [([3, 4], 5.0), ([0, 0], 0.0), ([-7], 7.0), ([1, 1, 1, 1], 2.0), ([4, 0], 4.0)],
    )
    def test_known_values(self, x, expected):
        assert_allclose(norm(x), expected, rtol=1e-15)

    def test_large_but_safe(self):
        assert_allclose(norm([3e150, 4e150]), 5e150, rtol=1e-15)

    def test_no_overflow_for_representable_length(self):
        with np.errstate(over="ignore"):
            assert_allclose(norm([3e200, 4e200]), 5e200, rtol=1e-15)

    @pytest.mark.parametrize("bad", [[], [[3, 4]], 5.0])
    def test_bad_shapes(self, bad):
        with pytest.raises(ValueError):
            norm(bad)

    @PROPS
    @given(dims.flatmap(lambda n: vectors(n)), finite)
    def test_homogeneous(self, x, a):
        assert_allclose(norm(a * x), abs(a) * norm(x), rtol=1e-13, atol=0)

    @PROPS
    @given(pairs())
    def test_triangle_inequality(self, xy):
        x, y = xy
        assert norm(x + y) <= (norm(x) + norm(y)) * (1 + 1e-13)

    @PROPS
    @given(dims.flatmap(lambda n: vectors(n)))
    def test_non_negative_and_zero_only_at_zero(self, x):
        assert norm(x) >= 0
        assert (norm(x) == 0) == (not x.any())


class TestCosine:
    def test_lesson_pair(self):
        assert_allclose(cosine(Q, K), 0.8, rtol=1e-15)

    def test_magnitude_vs_direction(self):
        # Same raw score 4, different alignment.
        assert dot((4, 0), (1, 0)) == dot((2, 1), (1, 2)) == 4.0
        assert cosine((4, 0), (1, 0)) == 1.0
        assert_allclose(cosine((2, 1), (1, 2)), 0.8, rtol=1e-15)

    @pytest.mark.parametrize(
        "x, y, expected",
        [
            ([1, 0], [0, 1], 0.0),
            ([-2, 1], [1, 2], 0.0),
            ([1, 0], [-3, 0], -1.0),
            ([1, 1], [1, 0], 1 / math.sqrt(2)),
            ([2, -1, 3], [1, 4, -2], -8 / (math.sqrt(14) * math.sqrt(21))),
        ],
    )
    def test_known_values(self, x, y, expected):
        assert_allclose(cosine(x, y), expected, rtol=1e-14, atol=1e-16)

    @pytest.mark.parametrize("x, y", [([0, 0], [1, 2]), ([1, 2], [0, 0]), ([0], [0])])
    def test_zero_vector_raises(self, x, y):
        with pytest.raises(ValueError, match="zero vector"):
            cosine(x, y)

    def test_zero_query_of_the_quiz(self):
        with pytest.raises(ValueError):
            cosine((0, 0), (1, 0))

    @pytest.mark.parametrize("x, y", [([1, 2], [1, 2, 3]), ([[1, 2]], [[1, 2]])])
    def test_bad_shapes(self, x, y):
        with pytest.raises(ValueError):
            cosine(x, y)

    def test_parallel_clipped_to_one(self):
        # Rounding may push <x,x>/(||x|| ||x||) just above 1; it must be clipped.
        for x in ([0.1, 0.2, 0.3], [1e-3, 7.0], [3.3, 3.3, 3.3]):
            assert cosine(x, x) <= 1.0
            assert cosine(x, [-t for t in x]) >= -1.0

    def test_huge_vectors(self):
        with np.errstate(over="ignore", invalid="ignore"):
            assert_allclose(cosine([1e200, 1e200], [1e200, 1e200]), 1.0, rtol=1e-15)

    def test_tiny_nonzero_vectors(self):
        assert_allclose(cosine([1e-200, 0], [1e-200, 0]), 1.0, rtol=1e-15)

    @PROPS
    @given(pairs(nonzero=True))
    def test_bounded(self, xy):
        x, y = xy
        c = cosine(x, y)
        assert -1.0 <= c <= 1.0

    @PROPS
    @given(pairs(nonzero=True))
    def test_symmetric_and_odd(self, xy):
        x, y = xy
        assert cosine(x, y) == cosine(y, x)
        assert cosine(-x, y) == -cosine(x, y)

    @PROPS
    @given(pairs(nonzero=True), positive)
    def test_scale_invariant(self, xy, a):
        x, y = xy
        assert_allclose(cosine(a * x, y), cosine(x, y), rtol=1e-12, atol=1e-12)

    @PROPS
    @given(pairs(nonzero=True))
    def test_matches_definition(self, xy):
        x, y = xy
        expected = np.dot(x, y) / (np.linalg.norm(x) * np.linalg.norm(y))
        assert_allclose(cosine(x, y), np.clip(expected, -1, 1), rtol=1e-14, atol=1e-15)


class TestAngleDegrees:
    def test_lesson_pair(self):
        assert_allclose(angle_degrees(Q, K), math.degrees(math.acos(0.8)), rtol=1e-13)
        assert_allclose(angle_degrees(Q, K), 36.86989764584402, rtol=1e-13)
        assert fmt.degrees(angle_degrees(Q, K), None, fmt.Places()).text == "≈ 36.9°"

    @pytest.mark.parametrize(
        "x, y, expected",
        [
            ([-2, 1], [1, 2], 90.0),
            ([1, 0], [1, 1], 45.0),
            ([1, 0], [-1, 0], 180.0),
            ([2, 0], [5, 0], 0.0),
            ([1, 0], [1, math.sqrt(3)], 60.0),
        ],
    )
    def test_known_values(self, x, y, expected):
        assert_allclose(angle_degrees(x, y), expected, rtol=1e-13, atol=1e-13)

    def test_zero_vector_raises(self):
        with pytest.raises(ValueError):
            angle_degrees([0, 0], [1, 0])

    def test_huge_vectors(self):
        with np.errstate(over="ignore", invalid="ignore"):
            assert_allclose(angle_degrees([1e200, 0], [1e200, 0]), 0.0, atol=1e-12)

    @PROPS
    @given(pairs(nonzero=True))
    def test_range_and_symmetry(self, xy):
        x, y = xy
        a = angle_degrees(x, y)
        assert 0.0 <= a <= 180.0
        assert a == angle_degrees(y, x)
        assert_allclose(angle_degrees(-x, y), 180.0 - a, rtol=1e-12, atol=1e-9)


class TestAngleClass:
    @pytest.mark.parametrize(
        "x, y, expected",
        [
            ((2, 1), (1, 2), AngleClass.ACUTE),
            ((4, 2), (1, 2), AngleClass.ACUTE),  # scale = 2: dot grows, angle stays
            ((-2, 1), (1, 2), AngleClass.RIGHT),
            ((2, 1), (-1, 2), AngleClass.RIGHT),
            ((-2, -1), (1, 2), AngleClass.OBTUSE),
            ((2, -1, 3), (1, 4, -2), AngleClass.OBTUSE),
            ((0, 0), (1, 0), AngleClass.UNDEFINED),
            ((1, 0), (0, 0), AngleClass.UNDEFINED),
        ],
    )
    def test_lesson_stations(self, x, y, expected):
        assert angle_class(x, y) is expected

    def test_quiz_obtuse(self):
        assert dot((2, -1, 3), (1, 4, -2)) == -8
        assert angle_class((2, -1, 3), (1, 4, -2)) is AngleClass.OBTUSE

    def test_right_angle_without_tolerance(self):
        # The sign is decided exactly: a near-right angle one ulp off is not called RIGHT.
        assert angle_class([1.0, 1.0], [1.0, -1.0]) is AngleClass.RIGHT
        assert angle_class([1.0, 1.0], [1.0, np.nextafter(-1.0, 0)]) is AngleClass.ACUTE
        assert angle_class([1.0, 1.0], [1.0, np.nextafter(-1.0, -2)]) is AngleClass.OBTUSE

    def test_exact_even_when_float_dot_cancels(self):
        # float dot: 1e16 + 1 - 1e16 = 0, the exact sum is 1 > 0.
        x, y = [1e16, 1.0, -1e16], [1.0, 1.0, 1.0]
        assert angle_class(x, y) is AngleClass.ACUTE

    @pytest.mark.parametrize("x, y", [([1, 2], [1]), ([[1]], [[1]])])
    def test_bad_shapes(self, x, y):
        with pytest.raises(ValueError):
            angle_class(x, y)

    @PROPS
    @given(
        dims.flatmap(
            lambda n: st.tuples(
                st.lists(st.integers(-9, 9), min_size=n, max_size=n),
                st.lists(st.integers(-9, 9), min_size=n, max_size=n),
            )
        )
    )
    def test_matches_sign_of_integer_dot(self, xy):
        x, y = xy
        got = angle_class(x, y)
        if not any(x) or not any(y):
            assert got is AngleClass.UNDEFINED
            return
        s = sum(a * b for a, b in zip(x, y, strict=True))
        expected = AngleClass.ACUTE if s > 0 else AngleClass.RIGHT if s == 0 else AngleClass.OBTUSE
        assert got is expected

    @PROPS
    @given(pairs(nonzero=True))
    def test_consistent_with_angle(self, xy):
        x, y = xy
        c = angle_class(x, y)
        a = angle_degrees(x, y)
        if c is AngleClass.ACUTE:
            assert a <= 90.0 + 1e-6
        elif c is AngleClass.OBTUSE:
            assert a >= 90.0 - 1e-6
        else:
            assert_allclose(a, 90.0, atol=1e-6)


class TestScalarProjection:
    def test_lesson_pair(self):
        s = scalar_projection(Q, K)
        assert_allclose(s, COMP, rtol=1e-15)
        assert_allclose(s, 4 / SQRT5, rtol=1e-15)
        assert round(s, 2) == 1.79
        assert fmt.approx(s, 2).text == "≈ 1.79"

    def test_obtuse_is_negative(self):
        assert_allclose(scalar_projection((-2, -1), (1, 2)), -COMP, rtol=1e-15)

    @pytest.mark.parametrize(
        "q, k, expected",
        [([3, 4], [1, 0], 3.0), ([3, 4], [0, 5], 4.0), ([1, 1], [1, 1], math.sqrt(2))],
    )
    def test_known_values(self, q, k, expected):
        assert_allclose(scalar_projection(q, k), expected, rtol=1e-15)

    def test_zero_direction_raises(self):
        with pytest.raises(ValueError, match="zero vector"):
            scalar_projection([1, 2], [0, 0])

    @pytest.mark.parametrize("q, k", [([1, 2], [1, 2, 3]), ([1, 2], [[1, 2]])])
    def test_bad_shapes(self, q, k):
        with pytest.raises(ValueError):
            scalar_projection(q, k)

    def test_tiny_direction(self):
        assert_allclose(scalar_projection([1, 0], [1e-200, 0]), 1.0, rtol=1e-15)

    @PROPS
    @given(pairs(nonzero=True), positive)
    def test_independent_of_length_of_k(self, qk, a):
        q, k = qk
        s = scalar_projection(q, k)
        assert_allclose(scalar_projection(q, a * k), s, rtol=1e-12, atol=1e-12 * norm(q))

    @PROPS
    @given(pairs(nonzero=True))
    def test_equals_norm_times_cosine(self, qk):
        q, k = qk
        expected = norm(q) * cosine(q, k) if q.any() else 0.0
        assert_allclose(scalar_projection(q, k), expected, rtol=1e-12, atol=1e-12 * norm(q))
        assert abs(scalar_projection(q, k)) <= norm(q) * (1 + 1e-12)


class TestProject:
    def test_lesson_pair(self):
        assert_allclose(project(Q, K), [0.8, 1.6], rtol=1e-15)

    @pytest.mark.parametrize(
        "q, k, expected",
        [
            ([3, 4], [1, 0], [3, 0]),
            ([3, 4], [0, -7], [0, 4]),
            ([-2, 1], [1, 2], [0, 0]),
            ([2, 2, 0], [1, 1, 1], [4 / 3, 4 / 3, 4 / 3]),
        ],
    )
    def test_known_values(self, q, k, expected):
        assert_allclose(project(q, k), expected, rtol=1e-15, atol=0)

    def test_returns_float_array(self):
        p = project([2, 1], [1, 2])
        assert isinstance(p, np.ndarray)
        assert p.dtype == np.float64
        assert p.shape == (2,)

    def test_zero_direction_raises(self):
        with pytest.raises(ValueError, match="zero vector"):
            project([1, 2], [0, 0])

    @pytest.mark.parametrize(
        "q, k", [([1, 2], [1, 2, 3]), ([1, 2], [[1, 2]]), ([[1, 2]], [1, 2]), ([1, 2], [])]
    )
    def test_bad_shapes(self, q, k):
        with pytest.raises(ValueError):
            project(q, k)

    def test_tiny_direction(self):
        assert_allclose(project([1, 0], [1e-200, 0]), [1, 0], rtol=1e-15)

    @PROPS
    @given(pairs(nonzero=True))
    def test_idempotent(self, qk):
        q, k = qk
        p = project(q, k)
        assert_allclose(project(p, k), p, rtol=1e-12, atol=1e-12 * norm(q))

    @PROPS
    @given(pairs(nonzero=True))
    def test_parallel_to_k(self, qk):
        q, k = qk
        p = project(q, k)
        # p = c k: the 2x2 minors p_i k_j - p_j k_i vanish.
        minors = np.outer(p, k) - np.outer(k, p)
        assert np.all(np.abs(minors) <= 1e-12 * norm(q) * norm(k))

    @PROPS
    @given(pairs(nonzero=True), positive)
    def test_independent_of_length_of_k(self, qk, a):
        q, k = qk
        assert_allclose(project(q, a * k), project(q, k), rtol=1e-11, atol=1e-11 * norm(q))

    @PROPS
    @given(pairs(nonzero=True))
    def test_norm_is_abs_scalar_projection(self, qk):
        q, k = qk
        assert_allclose(
            norm(project(q, k)), abs(scalar_projection(q, k)), rtol=1e-12, atol=1e-12 * norm(q)
        )


class TestResidual:
    def test_lesson_pair(self):
        assert_allclose(residual(Q, K), [1.2, -0.6], rtol=1e-15)

    def test_lesson_pair_exact(self):
        r = exact_residual(Q, K)
        assert r == (Fraction(6, 5), Fraction(-3, 5))
        assert exact_dot(r, K) == 0
        assert isinstance(exact_dot(r, K), Fraction)

    def test_lesson_pair_float_orthogonal(self):
        assert abs(dot(residual(Q, K), K)) <= 4 * EPS * norm(Q) * norm(K)

    def test_orthogonal_input_is_its_own_residual(self):
        assert_array_equal(residual([-2, 1], [1, 2]), [-2, 1])

    def test_parallel_input_has_zero_residual(self):
        assert_allclose(residual([3, 6], [1, 2]), [0, 0], atol=1e-15)

    def test_zero_direction_raises(self):
        with pytest.raises(ValueError):
            residual([1, 2], [0, 0])

    @pytest.mark.parametrize("q, k", [([1, 2], [1, 2, 3]), ([[1, 2]], [1, 2]), ([], [])])
    def test_bad_shapes(self, q, k):
        with pytest.raises(ValueError):
            residual(q, k)

    @PROPS
    @given(pairs(nonzero=True))
    def test_orthogonal_to_k(self, qk):
        q, k = qk
        r = residual(q, k)
        assert abs(dot(r, k)) <= 1e-12 * norm(q) * norm(k)

    @PROPS
    @given(pairs(nonzero=True))
    def test_decomposition(self, qk):
        q, k = qk
        assert_allclose(project(q, k) + residual(q, k), q, rtol=1e-12, atol=1e-12 * norm(q))

    @PROPS
    @given(pairs(nonzero=True))
    def test_pythagoras(self, qk):
        q, k = qk
        p, r = project(q, k), residual(q, k)
        assert_allclose(norm(p) ** 2 + norm(r) ** 2, norm(q) ** 2, rtol=1e-11, atol=1e-11)

    @PROPS
    @given(
        dims.flatmap(
            lambda n: st.tuples(
                st.lists(st.integers(-999, 999).map(lambda i: i / 100), min_size=n, max_size=n),
                st.lists(st.integers(-999, 999).map(lambda i: i / 100), min_size=n, max_size=n),
            )
        )
    )
    def test_exactly_orthogonal_in_exact_layer(self, qk):
        # Coordinates with at most two decimals, as in the lesson file.
        q, k = qk
        if not any(k):
            with pytest.raises(ValueError):
                exact_residual(q, k)
            return
        r = exact_residual(q, k)
        assert all(isinstance(c, Fraction) for c in r)
        assert exact_dot(r, k) == 0
        p = exact_project(q, k)
        assert tuple(a + b for a, b in zip(p, r, strict=True)) == tuple(Fraction(str(x)) for x in q)
        assert exact_project(p, k) == p  # idempotent, exactly

    @PROPS
    @given(
        dims.flatmap(
            lambda n: st.tuples(
                st.lists(st.fractions(-50, 50, max_denominator=12), min_size=n, max_size=n),
                st.lists(st.fractions(-50, 50, max_denominator=12), min_size=n, max_size=n),
            )
        )
    )
    def test_exactly_orthogonal_for_fractions(self, qk):
        q, k = qk
        if not any(k):
            return
        assert exact_dot(exact_residual(q, k), k) == 0


# =============================================================================================
# mathcore.attention
# =============================================================================================

KEYS = [[1, 0], [0, 1]]


class TestScaledScores:
    def test_lesson_trace(self):
        q = (1, 2)
        raw = [dot(q, k) for k in KEYS]
        assert raw == [1.0, 2.0]
        s = scaled_scores(q, KEYS)
        assert_allclose(s, [1 / math.sqrt(2), math.sqrt(2)], rtol=1e-15)
        assert_allclose(s, [0.7071067811865475, 1.4142135623730951], rtol=1e-15)
        assert [fmt.fixed(v, 3).text for v in s] == ["0.707", "1.414"]
        assert_allclose(s * math.sqrt(2), raw, rtol=1e-15)

    def test_batch(self):
        s = scaled_scores([[1, 2], [0, 0], [2, 1]], KEYS)
        assert s.shape == (3, 2)
        assert_allclose(s, np.array([[1, 2], [0, 0], [2, 1]]) / math.sqrt(2), rtol=1e-15)

    def test_scale_is_sqrt_dk(self):
        # d_k = 4: sqrt(d_k) = 2.
        assert_array_equal(scaled_scores([1, 1, 1, 1], [[1, 1, 1, 1], [2, 0, 0, 0]]), [2.0, 1.0])

    def test_shapes(self):
        assert scaled_scores([1, 2, 3], np.ones((5, 3))).shape == (5,)
        assert scaled_scores(np.ones((4, 3)), np.ones((5, 3))).shape == (4, 5)

    @pytest.mark.parametrize(
        "q, k",
        [
            (np.ones((2, 2, 2)), np.ones((2, 2))),  # Q 3-D
            (1.0, np.ones((2, 2))),  # Q 0-D
            ([1, 2], [1, 2]),  # K 1-D
            ([1, 2], np.ones((2, 2, 2))),  # K 3-D
            ([1, 2, 3], np.ones((2, 2))),  # d_k mismatch
            (np.ones((2, 3)), np.ones((4, 2))),  # d_k mismatch, batched
            (np.ones((0,)), np.ones((2, 0))),  # d_k = 0
        ],
    )
    def test_bad_shapes(self, q, k):
        with pytest.raises(ValueError):
            scaled_scores(q, k)

    @pytest.mark.parametrize("q, k", [([np.nan, 1], KEYS), ([1, 2], [[np.inf, 0], [0, 1]])])
    def test_non_finite(self, q, k):
        with pytest.raises(ValueError, match="finite"):
            scaled_scores(q, k)

    @PROPS
    @given(attention_inputs())
    def test_matches_reference(self, inputs):
        Qm, Km, _, _ = inputs
        expected = Qm @ Km.T * (1 / math.sqrt(Km.shape[1]))
        scale = np.abs(Qm).max() * np.abs(Km).max() * Km.shape[1] + 1
        assert_allclose(scaled_scores(Qm, Km), expected, rtol=1e-14, atol=1e-14 * scale)

    @PROPS
    @given(attention_inputs())
    def test_batch_equals_rows(self, inputs):
        Qm, Km, _, _ = inputs
        Qm = np.atleast_2d(Qm)
        batch = scaled_scores(Qm, Km)
        for i, q in enumerate(Qm):
            assert_allclose(batch[i], scaled_scores(q, Km), rtol=1e-14, atol=1e-9)


class TestCosineScores:
    def test_magnitude_pairs(self):
        assert_allclose(cosine_scores([2, 1], [[1, 2]]), [0.8], rtol=1e-15)
        assert_array_equal(cosine_scores([4, 0], [[1, 0]]), [1.0])

    def test_lesson_attention(self):
        assert_allclose(
            cosine_scores([1, 2], KEYS), [1 / math.sqrt(5), 2 / math.sqrt(5)], rtol=1e-15
        )

    def test_batch(self):
        c = cosine_scores([[2, 1], [4, 0], [-2, -1]], [[1, 2], [1, 0]])
        r5 = 1 / math.sqrt(5)
        expected = [[0.8, 2 * r5], [r5, 1.0], [-0.8, -2 * r5]]
        assert c.shape == (3, 2)
        assert_allclose(c, expected, rtol=1e-14)

    def test_ignores_length(self):
        # Scaling a key by 10 multiplies its raw score by 10 but leaves its cosine alone.
        assert_allclose(cosine_scores([2, 1], [[1, 2], [10, 20]]), [0.8, 0.8], rtol=1e-15)

    @pytest.mark.parametrize(
        "q, k",
        [([0, 0], KEYS), ([1, 2], [[1, 0], [0, 0]]), ([[1, 2], [0, 0]], KEYS)],
    )
    def test_zero_vector_raises(self, q, k):
        with pytest.raises(ValueError, match="zero vector"):
            cosine_scores(q, k)

    @pytest.mark.parametrize(
        "q, k", [([1, 2, 3], KEYS), ([1, 2], [1, 2]), (np.ones((1, 1, 2)), KEYS)]
    )
    def test_bad_shapes(self, q, k):
        with pytest.raises(ValueError):
            cosine_scores(q, k)

    def test_huge_vectors(self):
        with np.errstate(over="ignore", invalid="ignore"):
            assert_allclose(cosine_scores([1e200, 0], [[1e200, 0]]), [1.0], rtol=1e-15)

    @PROPS
    @given(
        dims.flatmap(
            lambda d: st.tuples(
                nonzero_vectors(d),
                st.lists(nonzero_vectors(d), min_size=1, max_size=5),
            )
        )
    )
    def test_matches_cosine(self, qk):
        q, keys = qk
        c = cosine_scores(q, np.array(keys))
        assert c.shape == (len(keys),)
        assert np.all(np.abs(c) <= 1.0)
        assert_allclose(c, [cosine(q, k) for k in keys], rtol=1e-13, atol=1e-14)


class TestSoftmax:
    def test_lesson_weights(self):
        w = softmax(scaled_scores([1, 2], KEYS))
        e = math.exp(math.sqrt(2) - 1 / math.sqrt(2))
        assert_allclose(w, [1 / (1 + e), e / (1 + e)], rtol=1e-15)
        assert_allclose(w, [0.330, 0.670], atol=5e-4)
        assert fmt.fixed(w[0], 3).text == "0.330"
        assert fmt.fixed(w[1], 3).text == "0.670"
        assert_allclose(w.sum(), 1.0, rtol=1e-15)

    @pytest.mark.parametrize(
        "x, expected",
        [
            ([0.0, 0.0], [0.5, 0.5]),
            ([5.0], [1.0]),
            ([0.0, math.log(3)], [0.25, 0.75]),
            ([1.0, 1.0, 1.0, 1.0], [0.25] * 4),
            ([0.0, 1.0], [1 / (1 + math.e), math.e / (1 + math.e)]),
        ],
    )
    def test_known_values(self, x, expected):
        assert_allclose(softmax(x), expected, rtol=1e-15)

    def test_zero_query_is_uniform(self):
        assert_array_equal(softmax(scaled_scores([0, 0], KEYS)), [0.5, 0.5])

    def test_masked_known_values(self):
        w = softmax([1.0, 2.0, 3.0], mask=[True, False, True])
        assert_allclose(w, [1 / (1 + math.e**2), 0.0, math.e**2 / (1 + math.e**2)], rtol=1e-15)
        assert w[1] == 0.0

    @pytest.mark.parametrize(
        "x, expected",
        [
            ([1000.0, -1000.0, 0.0], [1.0, 0.0, 0.0]),
            ([1000.0, 0.0, 0.0], [1.0, 0.0, 0.0]),
            ([-1000.0, -1000.0], [0.5, 0.5]),
            ([1000.0, 1000.0], [0.5, 0.5]),
            ([-1000.0, -999.0], [1 / (1 + math.e), math.e / (1 + math.e)]),
            ([710.0, 0.0], [1.0, math.exp(-710.0)]),
        ],
    )
    def test_overflow_inputs(self, x, expected):
        w = softmax(x)
        assert np.all(np.isfinite(w))
        assert_allclose(w, expected, rtol=1e-15, atol=0)
        assert_allclose(w.sum(), 1.0, rtol=1e-15)

    def test_overflow_masked(self):
        w = softmax([1000.0, -1000.0, 0.0], mask=[False, True, True])
        assert_allclose(w, [0.0, 0.0, 1.0], rtol=1e-15, atol=0)
        assert w[0] == 0.0

    def test_mask_broadcasts_over_batch(self):
        w = softmax([[1.0, 2.0], [3.0, 4.0]], mask=[True, False])
        assert_array_equal(w, [[1.0, 0.0], [1.0, 0.0]])

    @pytest.mark.parametrize("x", [3.0, [], np.zeros((2, 0))])
    def test_bad_shapes(self, x):
        with pytest.raises(ValueError, match="at least one logit"):
            softmax(x)

    def test_mask_not_broadcastable(self):
        with pytest.raises(ValueError):
            softmax([1.0, 2.0], mask=[True, True, True])

    @pytest.mark.parametrize("x", [[np.nan, 0.0], [np.inf, 0.0], [0.0, -np.inf]])
    def test_non_finite_logits(self, x):
        with pytest.raises(ValueError, match="finite"):
            softmax(x)

    @pytest.mark.parametrize(
        "mask", [[1, 0], [1.0, 0.0], np.array([1, 1], dtype=np.int8), ["True", "False"], [1, 1]]
    )
    def test_non_bool_mask_raises_type_error(self, mask):
        with pytest.raises(TypeError, match="boolean"):
            softmax([1.0, 2.0], mask=mask)

    @pytest.mark.parametrize(
        "x, mask",
        [
            ([1.0, 2.0], [False, False]),
            ([[1.0, 2.0], [3.0, 4.0]], [[True, False], [False, False]]),
            ([[1.0, 2.0], [3.0, 4.0]], [False, False]),
        ],
    )
    def test_all_masked_row_raises(self, x, mask):
        with pytest.raises(ValueError, match="masked"):
            softmax(x, mask=mask)

    @PROPS
    @given(logit_arrays)
    def test_sums_to_one(self, x):
        w = softmax(x)
        assert w.shape == x.shape
        assert np.all(np.isfinite(w))
        assert np.all((w >= 0) & (w <= 1))
        assert_allclose(w.sum(axis=-1), 1.0, rtol=1e-14)

    @PROPS
    @given(logit_arrays, finite)
    def test_shift_invariant(self, x, c):
        assert_allclose(softmax(x + c), softmax(x), rtol=1e-10, atol=1e-300)

    @PROPS
    @given(logit_arrays)
    def test_shift_invariant_per_row(self, x):
        shifted = x - x.max(axis=-1, keepdims=True)
        assert_allclose(softmax(shifted), softmax(x), rtol=1e-10, atol=1e-300)

    @PROPS
    @given(logit_arrays)
    def test_order_preserving(self, x):
        w = softmax(x)
        rows_x, rows_w = x.reshape(-1, x.shape[-1]), w.reshape(-1, x.shape[-1])
        for xr, wr in zip(rows_x, rows_w, strict=True):
            assert wr[np.argmax(xr)] == wr.max()
            i, j = np.argsort(xr)[[0, -1]]
            assert wr[i] <= wr[j]

    @PROPS
    @given(dims.flatmap(lambda n: vectors(n)))
    def test_permutation_equivariant(self, x):
        perm = np.arange(x.size)[::-1]
        assert_allclose(softmax(x[perm]), softmax(x)[perm], rtol=1e-14, atol=1e-300)

    @PROPS
    @given(logits_and_mask())
    def test_masked_weights_are_exactly_zero(self, xm):
        x, mask = xm
        w = softmax(x, mask)
        assert np.all(w[~mask] == 0.0)
        assert np.all(w[mask] >= 0.0)
        assert_allclose(w.sum(axis=-1), 1.0, rtol=1e-14)

    @PROPS
    @given(logits_and_mask())
    def test_mask_equals_dropping_keys(self, xm):
        x, mask = xm
        w = softmax(x, mask)
        for xr, mr, wr in zip(
            x.reshape(-1, x.shape[-1]),
            mask.reshape(-1, x.shape[-1]),
            w.reshape(-1, x.shape[-1]),
            strict=True,
        ):
            assert_allclose(wr[mr], softmax(xr[mr]), rtol=1e-14, atol=1e-300)

    @PROPS
    @given(logits_and_mask(), st.data())
    def test_all_masked_row_raises_property(self, xm, data):
        x, mask = xm
        mask = mask.reshape(-1, x.shape[-1]).copy()
        mask[data.draw(st.integers(0, mask.shape[0] - 1))] = False
        with pytest.raises(ValueError):
            softmax(x, mask.reshape(x.shape))

    @PROPS
    @given(logits_and_mask())
    def test_integer_mask_raises_type_error(self, xm):
        x, mask = xm
        with pytest.raises(TypeError):
            softmax(x, mask.astype(np.int64))


class TestAttention:
    def test_lesson_weights(self):
        w = attention([1, 2], KEYS)
        assert isinstance(w, np.ndarray)
        assert [fmt.fixed(v, 3).text for v in w] == ["0.330", "0.670"]
        assert_allclose(w, softmax(scaled_scores([1, 2], KEYS)), rtol=0, atol=0)

    def test_with_values(self):
        out = attention([1, 2], KEYS, V=KEYS)
        assert isinstance(out, Attention)
        assert isinstance(out, tuple)
        assert out._fields == ("weights", "output")
        w, o = out
        assert_array_equal(out.weights, w)
        assert_allclose(o, w, rtol=1e-15)  # V = I
        e = math.exp(1 / math.sqrt(2))
        assert_allclose(o, [1 / (1 + e), e / (1 + e)], rtol=1e-15)
        assert_allclose(o, [0.3302384506733431, 0.6697615493266569], rtol=1e-13)

    def test_values_average(self):
        # Equal weights average the value rows.
        w, o = attention([0, 0], KEYS, V=[[2.0, 4.0, 6.0], [0.0, 0.0, 2.0]])
        assert_array_equal(w, [0.5, 0.5])
        assert_allclose(o, [1.0, 2.0, 4.0], rtol=1e-15)

    def test_zero_query(self):
        q = (0, 0)
        assert_array_equal(attention(q, KEYS), [0.5, 0.5])
        for k in KEYS:
            assert angle_class(q, k) is AngleClass.UNDEFINED
            with pytest.raises(ValueError):
                cosine(q, k)
        with pytest.raises(ValueError):
            cosine_scores(q, KEYS)

    def test_masked(self):
        w = attention([1, 2], KEYS, mask=[False, True])
        assert_array_equal(w, [0.0, 1.0])
        w, o = attention(
            [[1, 2], [2, 1]], KEYS, V=[[1.0], [3.0]], mask=[[True, True], [True, False]]
        )
        assert w[1, 1] == 0.0
        assert_allclose(o[1], [1.0], rtol=1e-15)

    def test_batch(self):
        w = attention([[1, 2], [0, 0]], KEYS)
        assert w.shape == (2, 2)
        assert_allclose(w[0], attention([1, 2], KEYS), rtol=1e-15)
        assert_array_equal(w[1], [0.5, 0.5])

    @pytest.mark.parametrize(
        "V",
        [
            [1.0, 2.0],  # 1-D
            [[1.0], [2.0], [3.0]],  # one row too many
            [[1.0]],  # one row too few
            np.ones((2, 2, 2)),  # 3-D
        ],
    )
    def test_bad_value_shapes(self, V):
        with pytest.raises(ValueError, match="V must have one row per key"):
            attention([1, 2], KEYS, V=V)

    def test_bad_query_key_shapes(self):
        with pytest.raises(ValueError):
            attention([1, 2, 3], KEYS)
        with pytest.raises(ValueError):
            attention([1, 2], [1, 2])

    def test_bad_mask(self):
        with pytest.raises(TypeError):
            attention([1, 2], KEYS, mask=[1, 0])
        with pytest.raises(ValueError):
            attention([1, 2], KEYS, mask=[False, False])

    def test_overflow_logits_stay_finite(self):
        w, o = attention([1000.0, 0.0], [[1000.0, 0.0], [-1000.0, 0.0], [0.0, 0.0]], V=np.eye(3))
        assert np.all(np.isfinite(w)) and np.all(np.isfinite(o))
        assert_allclose(w, [1.0, 0.0, 0.0], rtol=1e-15, atol=0)

    @PROPS
    @given(attention_inputs(elements=small))
    def test_matches_pytorch_reference(self, inputs):
        Qm, Km, Vm, mask = inputs
        w_ref, o_ref = reference_sdpa(Qm, Km, Vm, mask)
        w, o = attention(Qm, Km, V=Vm, mask=mask)
        assert w.shape == w_ref.shape and o.shape == o_ref.shape
        assert_allclose(w, w_ref, rtol=1e-11, atol=1e-300)
        assert_allclose(o, o_ref, rtol=1e-11, atol=1e-11 * (np.abs(Vm).max() + 1))
        if mask is not None:
            assert np.all(np.broadcast_to(w, w.shape)[~np.broadcast_to(mask, w.shape)] == 0.0)

    @PROPS
    @given(attention_inputs())
    def test_matches_pytorch_reference_wide_range(self, inputs):
        # Logits up to ~1e6: weights near one-hot, compare at an absolute tolerance.
        Qm, Km, Vm, mask = inputs
        w_ref = reference_sdpa(Qm, Km, None, mask)
        w = attention(Qm, Km, mask=mask)
        assert isinstance(w, np.ndarray)
        assert_allclose(w, w_ref, rtol=1e-6, atol=1e-8)
        assert np.all(np.isfinite(w))
        assert_allclose(w.sum(axis=-1), 1.0, rtol=1e-14)

    @FEW
    @given(attention_inputs(elements=small))
    def test_output_is_convex_combination(self, inputs):
        Qm, Km, Vm, mask = inputs
        _, o = attention(Qm, Km, V=Vm, mask=mask)
        tol = 1e-12 * (np.abs(Vm).max() + 1)
        assert np.all(o <= Vm.max(axis=0) + tol)
        assert np.all(o >= Vm.min(axis=0) - tol)


class TestSignDraws:
    """``mathcore.draws``: ±1 coordinates, deterministic, with the assumed moments."""

    def test_same_seed_same_vectors_and_streams_differ(self):
        from mathcore.draws import sign_vectors

        assert sign_vectors(8, 5, 3) == sign_vectors(8, 5, 3)
        assert sign_vectors(8, 5, 3) != sign_vectors(8, 5, 4)
        assert sign_vectors(8, 5, (3, 8)) != sign_vectors(8, 5, (3, 8, 1))

    def test_the_stream_is_fixed(self):
        # PCG64's raw output for a seed is fixed across NumPy versions: these are its bits.
        from mathcore.draws import sign_products, sign_vectors

        assert sign_vectors(4, 3, 1) == [(1, 1, 1, 1), (1, 1, 1, 1), (-1, -1, 1, -1)]
        assert sign_products(64, 4, (4, 64)) == [-6, 8, 6, 8]

    def test_a_longer_draw_starts_with_the_shorter_one(self):
        from mathcore.draws import sign_vectors

        assert sign_vectors(5, 20, 7)[:6] == sign_vectors(5, 6, 7)

    def test_coordinates_have_mean_zero_and_variance_one(self):
        from mathcore.draws import sign_vectors

        x = np.array(sign_vectors(16, 2000, 11))
        assert x.shape == (2000, 16) and set(np.unique(x)) == {-1, 1}
        # 32000 fair signs: the mean is within 5 standard deviations (1/√32000) of 0
        assert abs(x.mean()) < 5 / math.sqrt(x.size)
        assert np.all(x * x == 1)  # variance exactly 1 about the mean 0

    @pytest.mark.parametrize("d", [1, 2, 16, 64])
    def test_mean_square_of_the_products_is_near_d(self, d):
        from mathcore.draws import sign_products

        s = np.array(sign_products(d, 4000, (5, d)))
        assert np.all(np.abs(s) <= d) and np.all((s - d) % 2 == 0)
        # E[s²] = d and Var(s²) = 2d² − 2d: within 5 standard deviations of the mean
        sd = math.sqrt((2 * d * d - 2 * d) / len(s))
        assert abs(np.mean(s * s) - d) <= 5 * sd + 1e-12

    def test_products_are_those_of_the_drawn_pairs(self):
        from mathcore.draws import sign_products, sign_vectors

        v = sign_vectors(6, 10, 2)
        assert sign_products(6, 5, 2) == [
            int(np.dot(q, k)) for q, k in zip(v[:5], v[5:], strict=True)
        ]

    def test_bad_sizes(self):
        from mathcore.draws import sign_vectors

        assert sign_vectors(3, 0, 1) == []
        with pytest.raises(ValueError):
            sign_vectors(0, 2, 1)
        with pytest.raises(ValueError):
            sign_vectors(2, -1, 1)
