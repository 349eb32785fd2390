"""The quiz's kinds of question, one module each (``lesson/kinds/<kind>.py``).

A kind's module holds everything the lesson layer knows of it and builds one
:class:`~lesson.kinds.base.QuizKind`, ``KIND``: the fields of its ``[[quiz]]`` entry and the
loader's check, the rules and the draw of generated numbers, the sheet builder and the page's
question. :mod:`lesson.quizkinds` lists the kinds; the scene part of each is
``scenes/quiz/kinds/<kind>.py``, registered by the same object.
"""
