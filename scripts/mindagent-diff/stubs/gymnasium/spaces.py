"""Stand-in for gymnasium.spaces: overcooked/game.py builds a Box as the
observation space of its World and never reads it back."""


class Box:
    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
