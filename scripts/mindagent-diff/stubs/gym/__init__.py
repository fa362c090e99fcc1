"""Stand-in for gym: MindAgent's overcooked/__init__.py only registers an
environment id with gym.envs.register, which the differential driver never
looks up."""


class _Envs:
    @staticmethod
    def register(**kwargs):
        pass


envs = _Envs()
