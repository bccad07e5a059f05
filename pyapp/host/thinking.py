"""Expert's thinking on several workers: the page's pool of parts, and the jobs a helper worker runs.

The engine's worker answers one intent at a time, in Python that cannot wait
for another worker.  So when a computer player thinks with more than one
part (:class:`WorkerPool`, lent to it in :meth:`pyapp.host.table.Table.bot_step`),
the first try raises :class:`ThinkFirst` with a job per part before anything
has changed; the engine worker's script runs the first job itself and the
others on its helper workers at the same time, and hands the host the parts
(:meth:`WorkerPool.take`); the host then answers the same intent again, and
this time the pool has the parts.  A device with one core, or helpers not
yet started, thinks with one part, here, as before.  A steady player
(:mod:`pyapp.bots.steady`) always thinks in the same number of parts: on the
workers when there are enough of them, else here one after another
(:meth:`WorkerPool.fixed`).
"""

from __future__ import annotations

import json
from typing import Any

from ..bots import ExpertBot, make_bot
from ..bots.pool import LocalPool, Part, Share
from ..engine.cards import card_text, parse_cards
from ..engine.observation import Observation
from ..engine.save import compact
from .faults import trace_of

JOB = "share"
FAILED = "failed"  # a part's answer when its thinking raised: {FAILED: its traceback}
VERSION = 1


class ThinkFirst(Exception):
    """The parts to think before the intent can be answered: one job (JSON text) per part."""

    def __init__(self, jobs: list[str]) -> None:
        super().__init__(f"{len(jobs)} parts to think first")
        self.jobs = jobs


class WorkerPool(LocalPool):
    """The engine worker's parts: itself and its helper workers (``parts`` of them are ready)."""

    def __init__(self, parts: int = 1) -> None:
        super().__init__(parts)
        self.here = True  # whether the engine's worker thinks a part (else every part is a helper's, even one)
        self.ready: tuple[str, list[str]] | None = None  # the parts thought for a decision: (its first job, them)

    @property
    def elsewhere(self) -> bool:
        """Whether a decision is thought on other workers first (:class:`ThinkFirst`): in parts, or on a helper."""
        return self.parts > 1 or not self.here

    def shares(self, bot: ExpertBot, observation: Observation, kind: str, seed: int, also: tuple = ()) -> list[Part]:
        """The parts of ``bot``'s thinking: here when there is one part and this worker thinks it (:attr:`here`),
        else those the workers have thought (:meth:`take`), else :class:`ThinkFirst` with their jobs."""
        return self.split(bot, observation, kind, seed, self.parts, also)

    def split(
        self, bot: ExpertBot, observation: Observation, kind: str, seed: int, parts: int, also: tuple = ()
    ) -> list[Part]:
        """:meth:`shares` in ``parts`` parts (at most :attr:`parts`: one a worker)."""
        if parts <= 1 and self.here:
            return [bot.share(observation, kind, seed, 0, 1, also)]
        jobs = [share_job(bot, observation, kind, seed, part, parts, also) for part in range(parts)]
        if self.ready is not None and self.ready[0] == jobs[0]:
            answers, self.ready = self.ready[1], None
            return [read_part(answer) for answer in answers]  # (read in the decision: a failed part is its fault)
        raise ThinkFirst(jobs)

    def take(self, jobs: list[str], answers: list[str]) -> None:
        """The parts the workers have thought for ``jobs`` (an answer per job, in order, as :func:`run_share`
        wrote it)."""
        self.ready = (jobs[0], answers)

    def fixed(self, parts: int) -> LocalPool:
        """A pool that thinks in exactly ``parts`` parts: on these workers when there are as many (the
        others idle), else here one after another (steady play gives the same either way)."""
        return FixedParts(self, parts) if 1 < parts <= self.parts else LocalPool(parts)


class FixedParts(LocalPool):
    """Exactly ``parts`` parts, thought on some of a :class:`WorkerPool`'s workers."""

    def __init__(self, workers: WorkerPool, parts: int) -> None:
        super().__init__(parts)
        self.workers = workers

    @property
    def elsewhere(self) -> bool:
        """Always: it is made only when there are enough workers (:meth:`WorkerPool.fixed`)."""
        return True

    def shares(self, bot: ExpertBot, observation: Observation, kind: str, seed: int, also: tuple = ()) -> list[Part]:
        """The parts, as the workers think them (:meth:`WorkerPool.split`)."""
        return self.workers.split(bot, observation, kind, seed, self.parts, also)


def share_job(
    bot: ExpertBot, observation: Observation, kind: str, seed: int, part: int, parts: int, also: tuple
) -> str:
    """The job that thinks part ``part`` of ``parts`` (:meth:`pyapp.bots.expert.ExpertBot.share`)."""
    return compact(
        {
            "job": JOB,
            "version": VERSION,
            "level": bot.name,
            "budget_ms": bot.budget_ms,
            "playouts": bot.playouts,
            "observation": observation.to_dict(),
            "kind": kind,
            "also": [[card_text(face) for face in choice] for choice in also],
            "seed": seed,
            "part": part,
            "parts": parts,
        }
    )


def run_share(job: dict[str, Any]) -> str:
    """Think one part (a helper worker's task): its shares as JSON text."""
    bot = make_bot(job["level"], 0, budget_ms=job["budget_ms"], playouts=job["playouts"])
    assert isinstance(bot, ExpertBot), "only Expert thinks in parts"
    also = tuple(tuple(parse_cards(" ".join(choice))) for choice in job["also"])
    observation = Observation.from_dict(job["observation"])
    part = bot.share(observation, job["kind"], job["seed"], job["part"], job["parts"], also)
    return compact({name: share.to_data() for name, share in part.items()})


def run_job(job: dict[str, Any]) -> str:
    """Think one part (:func:`run_share`); if it raises, the answer says so with the traceback, and the
    decision that asked for it raises it (:func:`read_part`) where the host tells it as that seat's fault."""
    try:
        return run_share(job)
    except Exception as error:
        return compact({FAILED: trace_of(error)})


class PartFailed(Exception):
    """A part of a decision raised where it was thought (another worker's traceback is the message)."""


def read_part(text: str) -> Part:
    """A part's shares from :func:`run_job`'s text; :class:`PartFailed` when the part failed."""
    data = json.loads(text)
    if FAILED in data:
        raise PartFailed("A part of the decision failed on its worker:\n" + str(data[FAILED]))
    return {name: Share.from_data(value) for name, value in data.items()}
