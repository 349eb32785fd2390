"""Sheet builders, one module per group of scenes; registered with ``lecture.sheet.sheet_for``."""
