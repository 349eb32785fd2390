"""Sheet builders, one module per group of scenes; registered with ``lesson.sheet.sheet_for``."""
