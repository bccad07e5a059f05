import random, statistics, sys
from pyapp.engine.playout import *
from pyapp.engine.rules import Rules
from pyapp.engine.scoring import hand_score
from pyapp.bots.learned import LearnedPolicy, shipped_weights, LEAD, FOLLOW, DISCARD
rules=Rules(); t=PointTable(rules); r=random.Random(int(sys.argv[1]) if len(sys.argv)>1 else 1)

class Mixed(LearnedPolicy):
    """seat 0 learned (kinds in use), others greedy"""
    def __init__(self, p, kinds):
        super().__init__(p, shipped_weights()); self.me=p.hands[0]; self.kinds=kinds
    def lead(self, hand, *a):
        return super().lead(hand,*a) if hand is self.me and LEAD in self.kinds else GreedyPolicy.lead(self, hand, *a)
    def follow(self, cards, *a):
        mine = any(cards is s for s in self.me)
        return super().follow(cards,*a) if mine and FOLLOW in self.kinds else GreedyPolicy.follow(self, cards, *a)
    def discard(self, hand, *a):
        return super().discard(hand,*a) if hand is self.me and DISCARD in self.kinds else GreedyPolicy.discard(self, hand, *a)
import pyapp.bots.learned as L

deals=[random_deal(t, r.random) for _ in range(3000)]
def run(kinds):
    out=[]
    for i,d in enumerate(deals):
        tot=0
        for rot in range(4):  # seat 0 rotates through hands by rotating hands
            p=d.copy(); p.hands=p.hands[rot:]+p.hands[:rot]; p.leader=(p.leader-rot)%4
            pen,b=play_out(p,t,random.Random(i*4+rot).random,None,Mixed(p,kinds) if kinds else GREEDY)
            tot+=hand_score(rules,pen,b)[0]
        out.append(tot/4)
    return out
base=run(())
for kinds in [(LEAD,),(FOLLOW,),(DISCARD,),(LEAD,FOLLOW,DISCARD)]:
    x=run(kinds); d=[a-b for a,b in zip(x,base)]
    print(kinds, round(statistics.fmean(x),3), "diff", round(statistics.fmean(d),3), "+-", round(1.96*statistics.stdev(d)/len(d)**.5,3))
print("greedy", round(statistics.fmean(base),3))
