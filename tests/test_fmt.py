"""Tests of the exact layer (``mathcore.exact``) and the formatting rules (``mathcore.fmt``).

One class per function; known values, invariants, and hypothesis property tests that the
float functions agree with the exact ones on small-integer and two-decimal vectors.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

import mathcore as mc
from mathcore.exact import (
    Surd,
    exact_angle_degrees,
    exact_comp,
    exact_cosine,
    exact_dot,
    exact_norm,
    exact_proj_coef,
    exact_project,
    exact_residual,
    exact_scaled,
    sqrt_exact,
    to_fraction,
)
from mathcore.fmt import (
    MINUS,
    Places,
    Shown,
    approx,
    degrees,
    fixed,
    fraction,
    number,
    ratio,
    root,
    vector,
)

P = Places()
Q, K = (2, 1), (1, 2)
COMP = 1.7888543819998317  # 4 / sqrt(5)

PROPS = settings(max_examples=100, deadline=None)

# ---------------------------------------------------------------------------------------------
# Strategies and helpers
# ---------------------------------------------------------------------------------------------

digits = st.integers(-9, 9)
decimals2 = st.integers(-999, 999).map(lambda i: i / 100)  # at most two places, as the lesson
moderate = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)
places_st = st.integers(0, 6)
positive_fractions = st.builds(Fraction, st.integers(1, 10_000), st.integers(1, 100))


def int_pairs(elements=digits):
    return st.integers(1, 4).flatmap(
        lambda n: st.tuples(
            st.lists(elements, min_size=n, max_size=n),
            st.lists(elements, min_size=n, max_size=n),
        )
    )


def _is_square_free(n: int) -> bool:
    return all(n % (p * p) for p in range(2, math.isqrt(n) + 1))


def _value_of(text: str) -> float:
    """Evaluate a displayed formula with ordinary precedence (juxtaposition binds tightest)."""
    expr = text.replace(MINUS, "-")
    expr = re.sub(
        r"(\d*)√(\d+)", lambda m: f"({m.group(1) or 1}*{math.sqrt(int(m.group(2)))})", expr
    )
    assert re.fullmatch(r"[-0-9.()*/+e ]+", expr), expr
    return float(eval(expr))  # noqa: S307 - a digits-only expression built above


def _assert_sign_conventions(s: Shown) -> None:
    """Minus is U+2212 in text and '-' in TeX; '≈' only on inexact values; no negative zero."""
    assert "-" not in s.text, s
    assert MINUS not in s.tex, s
    assert "≈" not in s.tex, s
    marked = not s.exact and s.kind != "fixed"  # fixed places are bare: a formula adds ≈
    assert s.text.startswith("≈") == marked, s
    assert s.tex.startswith(r"\approx") == marked, s
    assert s.text.count("≈") == s.tex.count(r"\approx") == (1 if marked else 0), s
    for m in re.finditer(MINUS + r"([0-9.]+)", s.text):
        assert any(c in "123456789" for c in m.group(1)), f"negative zero in {s.text!r}"


# =============================================================================================
# mathcore.exact
# =============================================================================================


class TestToFraction:
    @pytest.mark.parametrize(
        "x, expected",
        [
            (1.2, Fraction(6, 5)),
            (-0.6, Fraction(-3, 5)),
            (0.1, Fraction(1, 10)),
            (2, Fraction(2)),
            ("0.25", Fraction(1, 4)),
            (Fraction(1, 3), Fraction(1, 3)),
            (1e-20, Fraction(1, 10**20)),
        ],
    )
    def test_known_values(self, x, expected):
        assert to_fraction(x) == expected

    def test_reads_the_decimal_not_the_binary(self):
        assert to_fraction(0.1) != Fraction(0.1)
        assert to_fraction(0.1) + to_fraction(0.2) == to_fraction(0.3)

    @pytest.mark.parametrize("x", [math.nan, math.inf, -math.inf])
    def test_non_finite(self, x):
        with pytest.raises(ValueError, match="finite"):
            to_fraction(x)

    def test_numpy_float64(self):
        assert to_fraction(np.float64(1.2)) == Fraction(6, 5)

    def test_exact_layer_accepts_float_layer_output(self):
        # residual is an np.float64 array; its floats carry rounding (1 - 1.6 != -0.6)
        assert abs(exact_dot(mc.residual(Q, K), K)) < Fraction(1, 10**12)

    @PROPS
    @given(decimals2)
    def test_round_trips_two_decimals(self, x):
        f = to_fraction(x)
        assert f * 100 == round(x * 100)
        assert float(f) == x


class TestSqrtExact:
    @pytest.mark.parametrize(
        "x, coef, rad",
        [
            (Fraction(8), Fraction(2), 2),
            (Fraction(25, 4), Fraction(5, 2), 1),
            (Fraction(5), Fraction(1), 5),
            (Fraction(5, 4), Fraction(1, 2), 5),
            (Fraction(12), Fraction(2), 3),
            (Fraction(50), Fraction(5), 2),
            (Fraction(1, 2), Fraction(1, 2), 2),
            (Fraction(9, 2), Fraction(3, 2), 2),
            (Fraction(1), Fraction(1), 1),
            (Fraction(0), Fraction(0), 1),
            (Fraction(2 * 999_983**2), Fraction(999_983), 2),  # a large prime square
        ],
    )
    def test_known_values(self, x, coef, rad):
        assert sqrt_exact(x) == Surd(coef, rad)

    def test_negative_raises(self):
        with pytest.raises(ValueError, match="negative"):
            sqrt_exact(Fraction(-1, 4))

    @PROPS
    @given(st.builds(Fraction, st.integers(0, 100_000), st.integers(1, 1000)))
    def test_canonical_form(self, x):
        s = sqrt_exact(x)
        assert s.coef >= 0
        assert s.rad >= 1 and _is_square_free(s.rad)
        assert s.coef**2 * s.rad == x
        assert_allclose(float(s), math.sqrt(x), rtol=1e-15)
        assert s.is_rational == (
            math.isqrt(x.numerator * x.denominator) ** 2 == x.numerator * x.denominator
        )


class TestSurd:
    def test_is_rational(self):
        assert Surd(Fraction(4, 5)).is_rational
        assert Surd(Fraction(0), 5).is_rational
        assert not Surd(Fraction(4, 5), 5).is_rational

    def test_as_fraction(self):
        assert Surd(Fraction(4, 5)).as_fraction() == Fraction(4, 5)
        assert Surd(Fraction(0), 7).as_fraction() == 0
        with pytest.raises(ValueError, match="irrational"):
            Surd(Fraction(1), 5).as_fraction()

    def test_float(self):
        assert_allclose(float(Surd(Fraction(4, 5), 5)), COMP, rtol=1e-15)
        assert float(Surd(Fraction(-3, 2))) == -1.5

    def test_mul(self):
        r2, r3, r8 = (sqrt_exact(Fraction(n)) for n in (2, 3, 8))
        assert r2 * r8 == Surd(Fraction(4), 1)
        assert r2 * r3 == Surd(Fraction(1), 6)
        assert r2 * r2 == Surd(Fraction(2), 1)
        assert r2 * Fraction(3, 4) == Surd(Fraction(3, 4), 2)
        assert 3 * r2 == Surd(Fraction(3), 2)
        assert Fraction(1, 2) * r8 == Surd(Fraction(1), 2)

    def test_rtruediv(self):
        assert Fraction(4) / sqrt_exact(Fraction(5)) == Surd(Fraction(4, 5), 5)
        assert 1 / sqrt_exact(Fraction(8)) == Surd(Fraction(1, 4), 2)
        assert 4 / sqrt_exact(Fraction(25, 4)) == Surd(Fraction(8, 5), 1)
        with pytest.raises(ZeroDivisionError):
            1 / sqrt_exact(Fraction(0))

    def test_neg(self):
        assert -Surd(Fraction(4, 5), 5) == Surd(Fraction(-4, 5), 5)

    def test_hashable_and_frozen(self):
        s = Surd(Fraction(1), 2)
        assert {s: 1}[Surd(Fraction(1), 2)] == 1
        with pytest.raises(AttributeError):
            s.rad = 3  # type: ignore[misc]

    @PROPS
    @given(positive_fractions, positive_fractions)
    def test_mul_is_sqrt_of_product(self, a, b):
        assert sqrt_exact(a) * sqrt_exact(b) == sqrt_exact(a * b)
        assert_allclose(float(sqrt_exact(a) * sqrt_exact(b)), math.sqrt(a * b), rtol=1e-14)

    @PROPS
    @given(positive_fractions, st.fractions(-100, 100, max_denominator=50))
    def test_division_by_sqrt(self, x, f):
        s = f / sqrt_exact(x)
        assert s == f * sqrt_exact(1 / x)
        assert_allclose(float(s), float(f) / math.sqrt(x), rtol=1e-14)


class TestExactDot:
    def test_lesson_values(self):
        assert exact_dot(Q, K) == 4
        assert exact_dot((2, -1, 3), (1, 4, -2)) == -8
        assert exact_dot([1.2, -0.6], [1, 2]) == 0  # float 1.2 - 1.2 read as decimals

    def test_length_mismatch(self):
        with pytest.raises(ValueError, match="same length"):
            exact_dot([1, 2], [1, 2, 3])

    @PROPS
    @given(int_pairs())
    def test_agrees_with_float(self, xy):
        x, y = xy
        d = exact_dot(x, y)
        assert isinstance(d, Fraction)
        assert float(d) == mc.dot(x, y)

    @PROPS
    @given(int_pairs(decimals2))
    def test_agrees_with_float_two_decimals(self, xy):
        x, y = xy
        assert_allclose(float(exact_dot(x, y)), mc.dot(x, y), rtol=1e-13, atol=1e-12)


class TestExactNorm:
    def test_lesson_values(self):
        assert exact_norm(Q) == exact_norm(K) == Surd(Fraction(1), 5)
        assert exact_norm([3, 4]).as_fraction() == 5
        assert exact_norm([0.5, 1]) == Surd(Fraction(1, 2), 5)

    @PROPS
    @given(int_pairs())
    def test_agrees_with_float(self, xy):
        x, _ = xy
        assert_allclose(float(exact_norm(x)), mc.norm(x), rtol=1e-15)


class TestExactCosine:
    def test_lesson_pair_is_rational(self):
        c = exact_cosine(Q, K)
        assert c.is_rational
        assert c.as_fraction() == Fraction(4, 5)
        assert number(c, P).text == "0.8"
        assert number(c, P).exact

    def test_magnitude_pair(self):
        assert exact_cosine((4, 0), (1, 0)) == Surd(Fraction(1), 1)

    @pytest.mark.parametrize(
        "x, y, expected",
        [
            ((-2, 1), (1, 2), Surd(Fraction(0), 1)),  # 0 / sqrt(25)
            ((1, 0), (1, 1), Surd(Fraction(1, 2), 2)),
            ((2, -1, 3), (1, 4, -2), Surd(Fraction(-4, 21), 6)),  # -8 / (7 sqrt(6))
        ],
    )
    def test_known_values(self, x, y, expected):
        assert exact_cosine(x, y) == expected

    @pytest.mark.parametrize("x, y", [((0, 0), (1, 0)), ((1, 0), (0, 0))])
    def test_zero_vector_raises(self, x, y):
        with pytest.raises(ValueError, match="zero vector"):
            exact_cosine(x, y)

    @PROPS
    @given(int_pairs())
    def test_agrees_with_float(self, xy):
        x, y = xy
        if not any(x) or not any(y):
            with pytest.raises(ValueError):
                exact_cosine(x, y)
            return
        c = exact_cosine(x, y)
        assert abs(c.coef) ** 2 * c.rad <= 1
        assert_allclose(float(c), mc.cosine(x, y), rtol=1e-14, atol=1e-15)


class TestExactComp:
    def test_lesson_pair(self):
        s = exact_comp(Q, K)
        assert s == Surd(Fraction(4, 5), 5)
        assert_allclose(float(s), COMP, rtol=1e-15)
        assert number(s, P).text == "≈ 1.79"

    def test_obtuse_pair_is_negative(self):
        s = exact_comp((-2, -1), (1, 2))
        assert s.coef < 0
        assert float(s) < 0
        assert_allclose(float(s), -COMP, rtol=1e-15)
        assert number(s, P).text == f"≈ {MINUS}1.79"

    def test_zero_direction_raises(self):
        with pytest.raises(ValueError, match="zero vector"):
            exact_comp(Q, (0, 0))

    @PROPS
    @given(int_pairs())
    def test_agrees_with_float(self, xy):
        q, k = xy
        if not any(k):
            return
        assert_allclose(float(exact_comp(q, k)), mc.scalar_projection(q, k), rtol=1e-14, atol=1e-14)


class TestExactProjCoef:
    def test_lesson_pair(self):
        assert exact_proj_coef(Q, K) == Fraction(4, 5)
        assert fraction(exact_proj_coef(Q, K)).text == "4/5"

    def test_zero_direction_raises(self):
        with pytest.raises(ValueError, match="zero vector"):
            exact_proj_coef(Q, (0, 0))


class TestExactProject:
    def test_lesson_pair(self):
        assert exact_project(Q, K) == (Fraction(4, 5), Fraction(8, 5))

    @PROPS
    @given(int_pairs(decimals2))
    def test_agrees_with_float(self, xy):
        q, k = xy
        if not any(k):
            return
        scale = math.hypot(*q) + 1
        assert_allclose(
            [float(c) for c in exact_project(q, k)],
            mc.project(q, k),
            rtol=1e-12,
            atol=1e-13 * scale,
        )


class TestExactResidual:
    def test_lesson_pair(self):
        r = exact_residual(Q, K)
        assert r == (Fraction(6, 5), Fraction(-3, 5))
        assert exact_dot(r, K) == 0

    @PROPS
    @given(int_pairs(decimals2))
    def test_agrees_with_float(self, xy):
        q, k = xy
        if not any(k):
            return
        r = exact_residual(q, k)
        assert exact_dot(r, k) == 0
        scale = math.hypot(*q) + 1
        assert_allclose([float(c) for c in r], mc.residual(q, k), rtol=1e-12, atol=1e-13 * scale)


class TestExactScaled:
    def test_lesson_scores(self):
        # Raw scores 1 and 2 over sqrt(2): sqrt(2)/2 and sqrt(2).
        assert exact_scaled(Fraction(1), 2) == Surd(Fraction(1, 2), 2)
        assert exact_scaled(Fraction(2), 2) == Surd(Fraction(1), 2)
        assert exact_scaled(Fraction(4), 2) == Surd(Fraction(2), 2)
        assert exact_scaled(Fraction(3), 9) == Surd(Fraction(1), 1)

    @PROPS
    @given(
        st.integers(1, 6).flatmap(
            lambda d: st.tuples(
                st.lists(digits, min_size=d, max_size=d),
                st.lists(st.lists(digits, min_size=d, max_size=d), min_size=1, max_size=4),
            )
        )
    )
    def test_agrees_with_scaled_scores(self, qk):
        q, keys = qk
        expected = mc.scaled_scores(q, keys)
        got = [float(exact_scaled(exact_dot(q, k), len(q))) for k in keys]
        assert_allclose(got, expected, rtol=1e-14, atol=1e-14)


class TestExactAngleDegrees:
    @pytest.mark.parametrize(
        "x, y, expected",
        [
            ((-2, 1), (1, 2), 90),
            ((1, 0), (1, 1), 45),
            ((1, 0), (-1, 1), 135),
            ((1, 0), (1, 0), 0),
            ((1, 0), (-3, 0), 180),
            ((2, 1), (1, 2), None),  # 36.87...
        ],
    )
    def test_from_exact_cosine(self, x, y, expected):
        got = exact_angle_degrees(exact_cosine(x, y))
        assert got == (None if expected is None else Fraction(expected))

    @pytest.mark.parametrize(
        "cos, expected",
        [
            (Surd(Fraction(1, 2), 3), 30),
            (Surd(Fraction(1, 2)), 60),
            (Surd(Fraction(-1, 2)), 120),
            (Surd(Fraction(-1, 2), 3), 150),
            (Surd(Fraction(0), 7), 90),
            (Surd(Fraction(4, 5)), None),
        ],
    )
    def test_table(self, cos, expected):
        got = exact_angle_degrees(cos)
        assert got == (None if expected is None else Fraction(expected))

    @PROPS
    @given(int_pairs())
    def test_agrees_with_float(self, xy):
        x, y = xy
        if not any(x) or not any(y):
            return
        a = exact_angle_degrees(exact_cosine(x, y))
        if a is not None:
            assert_allclose(float(a), mc.angle_degrees(x, y), rtol=0, atol=1e-5)


class TestFloatAgreesWithExact:
    """For small-integer vectors every float function matches its exact counterpart."""

    @PROPS
    @given(int_pairs())
    def test_all_quantities(self, xy):
        q, k = xy
        assert float(exact_dot(q, k)) == mc.dot(q, k)
        assert_allclose(float(exact_norm(q)), mc.norm(q), rtol=1e-15)
        if not any(k):
            return
        scale = math.hypot(*q) + 1
        assert_allclose(float(exact_comp(q, k)), mc.scalar_projection(q, k), rtol=1e-14, atol=1e-14)
        assert_allclose(
            [float(c) for c in exact_project(q, k)],
            mc.project(q, k),
            rtol=1e-14,
            atol=1e-14 * scale,
        )
        assert_allclose(
            [float(c) for c in exact_residual(q, k)],
            mc.residual(q, k),
            rtol=1e-13,
            atol=1e-14 * scale,
        )
        if any(q):
            assert_allclose(float(exact_cosine(q, k)), mc.cosine(q, k), rtol=1e-14, atol=1e-15)
            d = exact_dot(q, k)
            expected = (
                mc.AngleClass.ACUTE
                if d > 0
                else mc.AngleClass.RIGHT
                if d == 0
                else mc.AngleClass.OBTUSE
            )
            assert mc.angle_class(q, k) is expected


# =============================================================================================
# mathcore.fmt
# =============================================================================================


class TestShown:
    def test_eq_tex(self):
        assert number(Fraction(4, 5), P).eq_tex == "= 0.8"
        assert approx(COMP, 2).eq_tex == r"\approx 1.79"

    def test_default_places(self):
        assert P == Places(approx=2, logit=3, weight=3, angle=1, readout=2, exact_max=4)


class TestFixed:
    @pytest.mark.parametrize(
        "x, places, text",
        [
            (0.7071067811865476, 3, "0.707"),  # logit 1/sqrt(2)
            (1.4142135623730951, 3, "1.414"),  # logit sqrt(2)
            (0.3302384506733431, 3, "0.330"),  # weight, trailing zero kept
            (0.6697615493266569, 3, "0.670"),
            (0.33, 3, "0.330"),
            (0.5, 3, "0.500"),
            (1.0, 3, "1.000"),
            (4.0, 2, "4.00"),
            (-8, 2, f"{MINUS}8.00"),
            (Fraction(1, 3), 3, "0.333"),
            (Fraction(2, 3), 2, "0.67"),
            (1, 0, "1"),
            (2.5, 0, "2"),  # half to even
            (0.125, 2, "0.12"),
            (0.375, 2, "0.38"),
            (2.675, 2, "2.68"),  # the decimal 2.675, not its binary neighbour
            (1e-20, 2, "0.00"),
            (1e20, 1, "100000000000000000000.0"),
        ],
    )
    def test_known_values(self, x, places, text):
        s = fixed(x, places)
        assert s.text == text
        assert s.tex == text.replace(MINUS, "-")
        # exact only when rounding kept the value; a formula writes ≈ before the others
        value = Fraction(str(x)) if isinstance(x, float) else Fraction(x)
        assert s.exact == (value == Fraction(text.replace(MINUS, "-")))

    def test_lesson_weights_and_logits(self):
        logits = mc.scaled_scores([1, 2], [[1, 0], [0, 1]])
        weights = mc.softmax(logits)
        assert [fixed(v, P.logit).text for v in logits] == ["0.707", "1.414"]
        assert [fixed(v, P.weight).text for v in weights] == ["0.330", "0.670"]
        assert [fixed(v, P.weight).text for v in mc.softmax([0.0, 0.0])] == ["0.500", "0.500"]

    @pytest.mark.parametrize(
        "x", [-0.0001, -0.004999, Fraction(-1, 1000), -1e-300, np.float64(-0.001)]
    )
    def test_no_negative_zero(self, x):
        s = fixed(x, 2)
        assert s.text == "0.00"
        assert s.tex == "0.00"

    @pytest.mark.parametrize("x", [0, -0.0, 0.0, Fraction(0), np.float64(0)])
    def test_exact_zero_is_written_0(self, x):
        """One number rule: an exact zero is 0 in a matrix cell as in a sentence."""
        s = fixed(x, 3)
        assert (s.text, s.tex, s.exact, s.sign) == ("0", "0", True, 0)

    def test_negative_rounds_away_from_zero_keeps_sign(self):
        assert fixed(-0.005001, 2).text == f"{MINUS}0.01"
        assert fixed(-0.005, 2).text == "0.00"  # half to even: 0.00, and no minus

    @pytest.mark.parametrize("x", [math.nan, math.inf, -math.inf])
    def test_non_finite(self, x):
        with pytest.raises(ValueError, match="finite"):
            fixed(x, 2)

    def test_large_float(self):
        assert fixed(1e30, 2).text == "1" + "0" * 30 + ".00"  # read as the decimal 1e30

    @PROPS
    @given(moderate, places_st)
    def test_rounds_to_nearest(self, x, places):
        s = fixed(x, places)
        _assert_sign_conventions(s)
        value = float(s.text.replace(MINUS, "-"))
        assert abs(value - x) <= 0.5 * 10.0**-places * (1 + 1e-9) + 1e-12
        if places and x != 0:
            assert len(s.text.split(".")[1]) == places
        else:
            assert "." not in s.text

    @PROPS
    @given(st.fractions(-1000, 1000, max_denominator=1000), places_st)
    def test_fraction_matches_float(self, f, places):
        # Fractions and their floats round the same except at exact ties.
        is_tie = (f * 10**places * 2).denominator == 1
        if not is_tie:
            assert fixed(f, places).text == fixed(float(f), places).text


class TestApprox:
    def test_lesson_comp(self):
        s = approx(COMP, 2)
        assert s.text == "≈ 1.79"
        assert s.tex == r"\approx 1.79"
        assert not s.exact
        assert approx(4 / math.sqrt(5), 2) == s
        assert approx(mc.scalar_projection(Q, K), 2) == s

    @pytest.mark.parametrize(
        "x, places, text",
        [
            (1 / 3, 2, "≈ 0.33"),
            (-1 / 3, 2, f"≈ {MINUS}0.33"),
            (math.sqrt(2), 3, "≈ 1.414"),
            (math.pi, 0, "≈ 3"),
            (-0.001, 2, "≈ 0.00"),
            (-0.0, 2, "≈ 0.00"),
        ],
    )
    def test_known_values(self, x, places, text):
        s = approx(x, places)
        assert s.text == text
        assert s.tex == text.replace("≈ ", "\\approx ").replace(MINUS, "-")
        _assert_sign_conventions(s)

    @PROPS
    @given(moderate, places_st)
    def test_conventions(self, x, places):
        _assert_sign_conventions(approx(x, places))


class TestNumber:
    @pytest.mark.parametrize(
        "x, text, tex",
        [
            (Fraction(4, 5), "0.8", "0.8"),
            (Fraction(-3, 5), f"{MINUS}0.6", "-0.6"),
            (4, "4", "4"),
            (0, "0", "0"),
            (Fraction(-8), f"{MINUS}8", "-8"),
            (Fraction(1, 16), "0.0625", "0.0625"),  # 4 places = exact_max
            (Fraction(-1, 1000), f"{MINUS}0.001", "-0.001"),
            (Fraction(6, 5), "1.2", "1.2"),
        ],
    )
    def test_exact(self, x, text, tex):
        s = number(x, P)
        assert (s.text, s.tex, s.exact) == (text, tex, True)

    @pytest.mark.parametrize(
        "x, text, tex",
        [
            (Fraction(1, 3), "≈ 0.33", r"\approx 0.33"),
            (Fraction(-1, 3), f"≈ {MINUS}0.33", r"\approx -0.33"),
            (Fraction(2, 3), "≈ 0.67", r"\approx 0.67"),
            (Fraction(1, 32), "≈ 0.03", r"\approx 0.03"),  # 5 places > exact_max
            (Fraction(-1, 100000), "≈ 0.00", r"\approx 0.00"),  # never "≈ −0.00"
        ],
    )
    def test_rounded(self, x, text, tex):
        s = number(x, P)
        assert (s.text, s.tex, s.exact) == (text, tex, False)

    def test_exact_max(self):
        assert number(Fraction(1, 32), Places(exact_max=5)).text == "0.03125"
        assert number(Fraction(1, 4), Places(exact_max=1)).text == "≈ 0.25"
        assert number(Fraction(1, 4), Places(exact_max=1, approx=1)).text == "≈ 0.2"

    def test_surd(self):
        assert number(sqrt_exact(Fraction(25, 4)), P).text == "2.5"
        assert number(exact_comp(Q, K), P).text == "≈ 1.79"
        assert number(sqrt_exact(Fraction(5)), P).text == "≈ 2.24"
        assert number(Surd(Fraction(0), 5), P).text == "0"

    def test_lesson_residual_dot_is_exact_zero(self):
        s = number(exact_dot(exact_residual(Q, K), K), P)
        assert (s.text, s.exact) == ("0", True)

    def test_large_integer(self):
        assert number(10**30, P).text == "1" + "0" * 30

    @PROPS
    @given(st.integers(-(10**8), 10**8), st.integers(0, 4))
    def test_terminating_round_trip(self, n, k):
        x = Fraction(n, 10**k)
        s = number(x, P)
        assert s.exact
        assert Fraction(s.text.replace(MINUS, "-")) == x
        _assert_sign_conventions(s)

    @PROPS
    @given(st.fractions(-1000, 1000, max_denominator=1000))
    def test_conventions(self, x):
        s = number(x, P)
        _assert_sign_conventions(s)
        if s.exact:
            assert Fraction(s.text.replace(MINUS, "-")) == x
        else:
            assert abs(float(s.text[2:].replace(MINUS, "-")) - x) <= 0.005 + 1e-12


class TestVector:
    def test_lesson_projection(self):
        s = vector(exact_project(Q, K), P)
        assert s.text == "(0.8, 1.6)"
        assert s.tex == r"(0.8,\ 1.6)"
        assert s.exact

    def test_lesson_residual(self):
        s = vector(exact_residual(Q, K), P)
        assert s.text == "(1.2, \u22120.6)"
        assert s.tex == r"(1.2,\ -0.6)"
        assert "-" not in s.text
        assert "\u2212" not in s.tex
        assert s.exact

    def test_inexact_is_rounded_as_a_whole(self):
        s = vector([Fraction(1, 3), 1], P)
        assert s.text == "≈ (0.33, 1)"
        assert s.tex == r"\approx (0.33,\ 1)"
        assert not s.exact
        assert vector([Fraction(-1, 3), 0], P).text == f"≈ ({MINUS}0.33, 0)"

    def test_integers(self):
        assert vector([2, -1, 3], P).text == f"(2, {MINUS}1, 3)"
        assert vector([0], P).text == "(0)"

    @PROPS
    @given(st.lists(st.fractions(-100, 100, max_denominator=40), min_size=1, max_size=4))
    def test_conventions(self, xs):
        s = vector(xs, P)
        _assert_sign_conventions(s)
        assert s.exact == all(number(x, P).exact for x in xs)
        body = s.text.removeprefix("≈ ")
        assert body.startswith("(") and body.endswith(")")
        assert len(body[1:-1].split(", ")) == len(xs)


class TestFraction:
    @pytest.mark.parametrize(
        "x, text, tex",
        [
            (Fraction(4, 5), "4/5", "4/5"),
            (Fraction(-8, 5), f"{MINUS}8/5", "-8/5"),
            (2, "2", "2"),
            (Fraction(6, 3), "2", "2"),
            (0, "0", "0"),
        ],
    )
    def test_known_values(self, x, text, tex):
        s = fraction(x)
        assert (s.text, s.tex, s.exact) == (text, tex, True)

    @PROPS
    @given(st.fractions(-1000, 1000, max_denominator=1000))
    def test_round_trip(self, x):
        s = fraction(x)
        _assert_sign_conventions(s)
        assert Fraction(s.text.replace(MINUS, "-")) == x


class TestRoot:
    @pytest.mark.parametrize(
        "x, text, tex",
        [
            (Fraction(5), "√5", r"\sqrt{5}"),
            (Fraction(8), "2√2", r"2\sqrt{2}"),
            (Fraction(5, 4), "√5/2", r"\sqrt{5}/2"),
            (Fraction(9, 2), "3√2/2", r"3\sqrt{2}/2"),
            (Fraction(25, 4), "2.5", "2.5"),  # rational: a number
            (Fraction(4), "2", "2"),
            (Fraction(1, 9), "≈ 0.33", r"\approx 0.33"),
        ],
    )
    def test_known_values(self, x, text, tex):
        s = root(sqrt_exact(x), P)
        assert (s.text, s.tex) == (text, tex)

    def test_negative(self):
        s = root(-sqrt_exact(Fraction(5)), P)
        assert (s.text, s.tex) == (f"{MINUS}√5", r"-\sqrt{5}")

    def test_lesson_norm(self):
        assert root(exact_norm(Q), P).text == root(exact_norm(K), P).text == "√5"

    def test_lesson_scaled_scores(self):
        assert root(exact_scaled(Fraction(1), 2), P).text == "√2/2"
        assert root(exact_scaled(Fraction(2), 2), P).text == "√2"

    @PROPS
    @given(positive_fractions)
    def test_text_evaluates_to_value(self, x):
        s = root(sqrt_exact(x), P)
        _assert_sign_conventions(s)
        if s.exact:
            assert_allclose(_value_of(s.text), math.sqrt(x), rtol=1e-14)


class TestRatio:
    def test_lesson_comp(self):
        s = ratio(Fraction(4), sqrt_exact(Fraction(5)), P)
        assert (s.text, s.tex, s.exact) == ("4/√5", r"4/\sqrt{5}", True)
        assert_allclose(_value_of(s.text), COMP, rtol=1e-15)

    def test_obtuse(self):
        s = ratio(Fraction(-4), sqrt_exact(Fraction(5)), P)
        assert (s.text, s.tex) == (f"{MINUS}4/√5", r"-4/\sqrt{5}")
        assert ratio(Fraction(-4), sqrt_exact(Fraction(2)), P).tex == r"-4/\sqrt{2}"

    @pytest.mark.parametrize(
        "num, den, text",
        [
            (Fraction(4), Fraction(25), "4/5"),  # rational denominator: a fraction
            (Fraction(4), Fraction(1), "4"),
            (Fraction(4, 5), Fraction(1), "0.8"),
            (Fraction(6), Fraction(4), "3"),
            (Fraction(4, 5), Fraction(5), "0.8/√5"),
            (Fraction(0), Fraction(5), "0"),  # zero over anything is just 0
        ],
    )
    def test_known_values(self, num, den, text):
        assert ratio(num, sqrt_exact(den), P).text == text

    @PROPS
    @given(st.integers(-9999, 9999).map(lambda n: Fraction(n, 100)), st.integers(1, 500))
    def test_text_evaluates_to_value_integer_radicand(self, num, kk):
        s = ratio(num, sqrt_exact(Fraction(kk)), P)
        _assert_sign_conventions(s)
        assert_allclose(_value_of(s.text), float(num) / math.sqrt(kk), rtol=1e-12, atol=1e-15)

    def test_fractional_radicand_is_unambiguous(self):
        q, k = (2, 1), (0.5, 1)
        s = ratio(exact_dot(q, k), sqrt_exact(exact_dot(k, k)), P)
        assert_allclose(_value_of(s.text), float(exact_comp(q, k)), rtol=1e-12)

    def test_inexact_numerator(self):
        s = ratio(Fraction(-1, 3), sqrt_exact(Fraction(5)), P)
        _assert_sign_conventions(s)


class TestDegrees:
    def test_exact_right_angle(self):
        s = degrees(90.0, Fraction(90), P)
        assert (s.text, s.tex, s.exact) == ("90°", r"90^\circ", True)

    def test_lesson_angle(self):
        s = degrees(36.86989764584402, None, P)
        assert (s.text, s.tex, s.exact) == ("≈ 36.9°", r"\approx 36.9^\circ", False)
        assert degrees(36.86989764584402, None, Places(angle=2)).text == "≈ 36.87°"
        assert degrees(mc.angle_degrees(Q, K), exact_angle_degrees(exact_cosine(Q, K)), P) == s

    def test_from_exact_pipeline(self):
        x, y = (-2, 1), (1, 2)
        s = degrees(mc.angle_degrees(x, y), exact_angle_degrees(exact_cosine(x, y)), P)
        assert s.text == "90°"
        x, y = (1, 0), (-1, 1)
        s = degrees(mc.angle_degrees(x, y), exact_angle_degrees(exact_cosine(x, y)), P)
        assert s.text == "135°"

    def test_no_negative_zero(self):
        assert degrees(-1e-9, None, P).text == "≈ 0.0°"

    @PROPS
    @given(st.floats(0, 180), st.integers(0, 3))
    def test_conventions(self, value, places):
        s = degrees(value, None, Places(angle=places))
        _assert_sign_conventions(s)
        assert s.text.endswith("°") and s.tex.endswith(r"^\circ")
        assert abs(float(s.text[2:-1]) - value) <= 0.5 * 10.0**-places + 1e-9
