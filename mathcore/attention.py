"""Scaled dot-product attention for one or many queries: scores, masked softmax, output."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from mathcore.linalg import VecLike

__all__ = ["Attention", "attention", "cosine_scores", "scaled_scores", "softmax"]

Array = NDArray[np.float64]


def _queries_keys(Q: VecLike, K: VecLike) -> tuple[Array, Array]:
    q = np.asarray(Q, dtype=np.float64)
    k = np.asarray(K, dtype=np.float64)
    if q.ndim not in (1, 2):
        raise ValueError(f"Q must be one query (1-D) or a batch (2-D), got shape {q.shape}")
    if k.ndim != 2:
        raise ValueError(f"K must be a 2-D matrix with one key per row, got shape {k.shape}")
    if q.shape[-1] != k.shape[1] or k.shape[1] == 0:
        raise ValueError(f"query and key dimensions differ: {q.shape[-1]} vs {k.shape[1]}")
    if not (np.all(np.isfinite(q)) and np.all(np.isfinite(k))):
        raise ValueError("Q and K must be finite")
    return q, k


def scaled_scores(Q: VecLike, K: VecLike) -> Array:
    """Compatibility logits ``Q K^T / sqrt(d_k)``.

    Parameters
    ----------
    Q : array_like
        One query of shape ``(d_k,)`` or a batch of shape ``(n, d_k)``.
    K : array_like
        Keys, one per row, shape ``(m, d_k)``.

    Returns
    -------
    numpy.ndarray
        Shape ``(m,)`` for one query, ``(n, m)`` for a batch.

    Examples
    --------
    The lesson's trace: raw scores 1 and 2 divided by sqrt(2).

    >>> scaled_scores([1, 2], [[1, 0], [0, 1]]).round(3).tolist()
    [0.707, 1.414]
    >>> scaled_scores([[1, 2], [0, 0]], [[1, 0], [0, 1]]).round(3).tolist()
    [[0.707, 1.414], [0.0, 0.0]]
    """
    q, k = _queries_keys(Q, K)
    scores: Array = (q @ k.T) / np.sqrt(k.shape[1])
    return scores


def cosine_scores(Q: VecLike, K: VecLike) -> Array:
    """Cosine-normalised scores: each dot product divided by both lengths.

    This is what attention would use if it normalised every vector, which standard
    scaled dot-product attention does not do.

    Parameters
    ----------
    Q : array_like
        One non-zero query ``(d,)`` or a batch ``(n, d)``.
    K : array_like
        Non-zero keys, one per row, ``(m, d)``.

    Returns
    -------
    numpy.ndarray
        Cosine similarities, shape ``(m,)`` or ``(n, m)``.

    Raises
    ------
    ValueError
        If any query or key is the zero vector.

    Examples
    --------
    Same raw score 4, different alignment:

    >>> cosine_scores([2, 1], [[1, 2]]).round(12).tolist()
    [0.8]
    >>> cosine_scores([4, 0], [[1, 0]]).tolist()
    [1.0]
    """
    q, k = _queries_keys(Q, K)
    # Cosine ignores length: rescale each vector first so squares cannot overflow.
    q = q / np.maximum(np.max(np.abs(q), axis=-1, keepdims=True), np.finfo(float).tiny)
    k = k / np.maximum(np.max(np.abs(k), axis=1, keepdims=True), np.finfo(float).tiny)
    qn = np.linalg.norm(q, axis=-1, keepdims=True)
    kn = np.linalg.norm(k, axis=1)
    if np.any(qn == 0) or np.any(kn == 0):
        raise ValueError("cosine is undefined for a zero vector (it has no direction)")
    cosines: Array = np.clip((q @ k.T) / (qn * kn), -1.0, 1.0)
    return cosines


def softmax(x: VecLike, mask: VecLike | None = None) -> Array:
    """Softmax along the last axis, max-subtracted, with an optional boolean mask.

    Parameters
    ----------
    x : array_like
        Logits; the last axis runs over keys.
    mask : array_like of bool, optional
        PyTorch's ``attn_mask`` convention: True where the key takes part, False where it
        is masked out. Broadcast against `x`. Masked keys get weight exactly 0.

    Returns
    -------
    numpy.ndarray
        Non-negative weights that sum to 1 along the last axis.

    Raises
    ------
    ValueError
        If every key of a row is masked, or the logits are not finite.
    TypeError
        If `mask` is not boolean.

    Examples
    --------
    >>> softmax([0.7071, 1.4142]).round(3).tolist()
    [0.33, 0.67]
    >>> softmax([0.0, 0.0]).tolist()
    [0.5, 0.5]
    >>> softmax([1.0, 2.0, 3.0], mask=[True, False, True]).round(3).tolist()
    [0.119, 0.0, 0.881]
    """
    z = np.asarray(x, dtype=np.float64)
    if z.ndim == 0 or z.shape[-1] == 0:
        raise ValueError(f"softmax needs at least one logit on the last axis, got shape {z.shape}")
    if not np.all(np.isfinite(z)):
        raise ValueError("logits must be finite")
    if mask is None:
        keep = np.ones(z.shape, dtype=bool)
    else:
        m = np.asarray(mask)
        if m.dtype != np.bool_:
            raise TypeError(f"mask must be boolean (True = key takes part), got dtype {m.dtype}")
        keep = np.broadcast_to(m, z.shape)
    if not np.all(keep.any(axis=-1)):
        raise ValueError("every key is masked for some query: softmax has nothing to normalise")
    shifted = np.where(keep, z, -np.inf)
    shifted = shifted - shifted.max(axis=-1, keepdims=True)
    e = np.where(keep, np.exp(shifted), 0.0)
    weights: Array = e / e.sum(axis=-1, keepdims=True)
    return weights


class Attention(NamedTuple):
    """Weights and output of one attention call."""

    weights: Array
    output: Array


def attention(
    Q: VecLike, K: VecLike, V: VecLike | None = None, mask: VecLike | None = None
) -> Array | Attention:
    """Scaled dot-product attention in PyTorch's order: matmul, scale, mask, softmax, @ V.

    Parameters
    ----------
    Q : array_like
        One query ``(d_k,)`` or a batch ``(n, d_k)``.
    K : array_like
        Keys ``(m, d_k)``.
    V : array_like, optional
        Values ``(m, d_v)``, one per key.
    mask : array_like of bool, optional
        True where the key takes part (PyTorch ``attn_mask`` convention).

    Returns
    -------
    numpy.ndarray or Attention
        The weights when `V` is None; otherwise ``Attention(weights, output)`` with
        ``output = weights @ V``.

    Examples
    --------
    >>> attention([1, 2], [[1, 0], [0, 1]]).round(3).tolist()
    [0.33, 0.67]
    >>> w, out = attention([1, 2], [[1, 0], [0, 1]], V=[[1, 0], [0, 1]])
    >>> out.round(3).tolist()
    [0.33, 0.67]
    """
    weights = softmax(scaled_scores(Q, K), mask)
    if V is None:
        return weights
    v = np.asarray(V, dtype=np.float64)
    if v.ndim != 2 or v.shape[0] != weights.shape[-1]:
        raise ValueError(f"V must have one row per key ({weights.shape[-1]}), got shape {v.shape}")
    return Attention(weights, weights @ v)
