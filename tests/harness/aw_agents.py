"""An agent written against AndroidWorld's env interface, for the dataset tests."""


class OpenNetworkSettings:
    """Opens Settings, then taps "Network & internet" by its element index."""

    def __init__(self, env):
        self.env = env

    def step(self, goal):
        self.env.execute_action({"action_type": "open_app", "app_name": "Settings"})
        state = self.env.get_state()
        row = next(i for i, e in enumerate(state.ui_elements) if e.text == "Network & internet")
        self.env.execute_action({"action_type": "click", "index": row})
        return True


def make(env):
    return OpenNetworkSettings(env)
