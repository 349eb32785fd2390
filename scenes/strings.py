"""On-screen text and subcaptions per language. No numbers here: they come from the sheet."""

from __future__ import annotations

__all__ = ["STRINGS", "catalogue"]

STRINGS: dict[str, dict[str, str]] = {
    "id": {
        # ProjectionDrop
        "pd_title": "Proyeksi q ke arah k",
        "legend_query": "Vektor query",
        "legend_key": "Arah key",
        "legend_proj": "Vektor proyeksi",
        "legend_res": "Sisa tegak lurus",
        "pd_sub_vectors": "Vektor query q dan arah key k dalam satu bidang.",
        "pd_sub_dot": "Kalikan koordinat yang bersesuaian, lalu jumlahkan: hasilnya skalar.",
        "pd_sub_drop": "Jatuhkan garis tegak lurus dari ujung q ke garis yang memuat k.",
        "pd_sub_drop_parallel": "q sudah terletak pada garis k: tidak ada yang perlu dijatuhkan.",
        "pd_sub_proj": "Vektor proyeksi adalah bagian q yang terletak sepanjang k.",
        "pd_sub_proj_against": "Proyeksinya mengarah berlawanan dengan k.",
        "pd_sub_res": "Sisanya tegak lurus terhadap k, jadi tidak menyumbang hasil kali titik.",
        "pd_sub_res_zero": "Sisanya vektor nol: q sejajar k.",
        "pd_sub_comp": "Proyeksi skalar bertanda: panjang bagian q sepanjang k.",
        "pd_sub_comp_negative": "Proyeksi skalar negatif: bagian q mengarah berlawanan dengan k.",
        "pd_parallel_note": "Sisa nol: q sejajar k, tidak ada sudut siku-siku",
        # AngleSignRegions
        "as_title": "Tanda hasil kali titik",
        "as_positive": "searah (sudut lancip)",
        "as_negative": "berlawanan (sudut tumpul)",
        "as_boundary": "tegak lurus",
        "as_acute": "Lancip",
        "as_right": "Siku-siku",
        "as_obtuse": "Tumpul",
        "as_scaled": "Dikali faktor positif",
        "as_flipped": "Dikali minus satu",
        "as_zero": "Vektor nol",
        "as_undefined": "sudut tidak terdefinisi",
        "as_sub_regions": "Garis tegak lurus terhadap k membagi bidang menjadi dua sisi.",
        "as_sub_acute": (
            "Di sisi k, hasil kali titik positif dan sudutnya di bawah sembilan puluh derajat."
        ),
        "as_sub_right": "Pada garis batas, hasil kali titik nol: q tegak lurus k.",
        "as_sub_obtuse": "Di sisi seberang, hasil kali titik negatif dan sudutnya tumpul.",
        "as_sub_scaled": "Faktor positif memperbesar hasil kali titik, sudutnya tetap.",
        "as_sub_flipped": "Mengalikan dengan minus satu membalik tanda dan arahnya.",
        "as_sub_zero": (
            "Vektor nol: hasil kali titiknya nol, tetapi tidak ada arah, jadi tidak ada sudut."
        ),
        # SoftmaxBarMorph
        "sb_raw": "Skor mentah",
        "sb_scaled": "Logit berskala",
        "sb_softmax": "Bobot softmax",
        "sb_masked": "dimask",
        "sb_note": "Distribusi ternormalisasi, bukan probabilitas relevansi yang terkalibrasi.",
        "sb_sub_raw": "Hasil kali titik query dengan setiap key adalah skor kompatibilitas mentah.",
        "sb_sub_scaled": "Bagi setiap skor dengan akar d_k: itulah logit berskala.",
        "sb_sub_softmax": (
            "Softmax pada key yang diizinkan mengubah logit menjadi bobot berjumlah satu."
        ),
        "sb_sub_mask": "Key yang dimask mendapat logit minus tak hingga, jadi bobotnya nol.",
        "sb_sub_note": (
            "Bobot ini distribusi ternormalisasi, bukan probabilitas relevansi yang terkalibrasi."
        ),
    },
}


def catalogue(lang: str) -> dict[str, str]:
    """The strings of `lang`.

    Parameters
    ----------
    lang : str
        A language code with a catalogue (``id``).

    Returns
    -------
    dict of str to str

    Raises
    ------
    KeyError
        If there is no catalogue for `lang`.
    """
    if lang not in STRINGS:
        raise KeyError(f"no strings for language {lang!r}; have {sorted(STRINGS)}")
    return STRINGS[lang]
