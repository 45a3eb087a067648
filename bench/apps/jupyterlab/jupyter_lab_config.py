# Config for the bench's JupyterLab: loopback only, no auth, no browser, no network.
c = get_config()  # noqa: F821
c.ServerApp.ip = "127.0.0.1"
c.ServerApp.port = 8107
c.ServerApp.port_retries = 0
c.ServerApp.open_browser = False
c.IdentityProvider.token = ""
c.PasswordIdentityProvider.hashed_password = ""
c.ServerApp.disable_check_xsrf = False
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
c.LabApp.extension_manager = "readonly"
c.LabApp.default_url = "/lab"
c.ServerApp.allow_root = True  # the bench machine runs as root
# Tasks open notebooks in many short-lived pages: shut down kernels nobody is connected to
# after a minute idle, so kernels don't pile up over a long corpus run.
c.MappingKernelManager.cull_idle_timeout = 60
c.MappingKernelManager.cull_interval = 30
c.MappingKernelManager.cull_connected = False
