"""The deal of the day: everyone plays the same cards against the same computer players, and a result travels
in a link that any device verifies by replaying it, with no server.

What the page calls (all pure Python, in the engine's worker):

* :func:`pyapp.daily.day.daily_game` (the player's local date, ``"YYYY-MM-DD"``) gives the day's
  :class:`~pyapp.daily.day.DailyGame`; its ``options()`` start the game like any other
  (:meth:`pyapp.host.table.Table.new`: classic rules, four hands, one of each pass direction, the person at
  seat 0 and three steady Expert players, :mod:`pyapp.bots.steady`).
* :func:`pyapp.daily.result.result_query` (the date and the finished match) gives the link's query,
  ``result=…``; :func:`pyapp.daily.result.read_result` reads a link's payload strictly (a
  :class:`~pyapp.daily.result.ResultError` with a :class:`~pyapp.engine.reasons.Reason` for anything else).
* :func:`pyapp.host.verify.verify` (a link's payload) replays it and gives a
  :class:`~pyapp.host.verify.Verified` result (scores, and hand by hand each seat's points, the person's
  pass, who took Q♠ and every trick) or :class:`~pyapp.host.verify.NotVerified` with its reason; both have
  ``to_data()`` (plain JSON data).
"""
