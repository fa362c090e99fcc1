"""Stand-in for flask: webpage/app.py builds a Flask app and reads the
posted form from flask.request. The renderer sets request.method and
request.form before calling the app's route functions directly; pages are
not rendered (render_template returns "")."""


class _Request:
    method = "GET"
    form = {}


request = _Request()


class _Env:
    def __init__(self):
        self.filters = {}


class Flask:
    def __init__(self, *args, **kwargs):
        self.jinja_env = _Env()

    def route(self, *args, **kwargs):
        return lambda f: f

    def run(self, *args, **kwargs):
        pass


def render_template(*args, **kwargs):
    return ""


def jsonify(*args, **kwargs):
    return args or kwargs
