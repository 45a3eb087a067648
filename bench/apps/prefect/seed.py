"""Seed the bench Prefect server's SQLite database deterministically (run by setup.sh).

Usage: seed.py (with bench/apps/prefect/env.sh sourced: PREFECT_API_DATABASE_CONNECTION_URL
points at .data/prefect/prefect.db). Deletes and recreates that database, then writes
through Prefect's own server models (the layer its REST API calls), with fixed ids (uuid5
of each object's name), fixed flow-run names and fixed timestamps around a fake "now" of
2025-06-12 09:00 UTC, so every fresh setup yields the same URLs and the same pages. No
server needs to run while seeding.

Content: a data-platform team's Prefect. 12 flows, 14 deployments (3 paused, cron and
interval schedules, parameter schemas), 4 work pools with queues, 67 flow runs in
every state (completed, failed, crashed, running, scheduled, late, cancelled, cancelling,
pending, suspended) with 183 task runs, logs and 9 artifacts; 8 blocks, 7 variables,
global and tag concurrency limits, 4 automations. Block documents get their fixed ids by
an UPDATE right after creation (the API mints them); every row's created/updated is set
to a fixed time at the end.
"""

from __future__ import annotations

import asyncio
import os
import random
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa
from prefect.server import models, schemas
from prefect.server.database import provide_database_interface
from prefect.server.events.actions import CancelFlowRun, RunDeployment, SendNotification
from prefect.server.events.models.automations import create_automation
from prefect.server.events.schemas.automations import Automation, EventTrigger, Posture
from prefect.server.models.block_registration import run_block_auto_registration
from prefect.server.schemas.actions import (
    BlockDocumentCreate,
    DeploymentScheduleCreate,
    LogCreate,
    VariableCreate,
    WorkQueueCreate,
)
from prefect.server.schemas.core import (
    Artifact,
    ConcurrencyLimit,
    ConcurrencyLimitV2,
    Deployment,
    Flow,
    FlowRun,
    TaskRun,
    WorkPool,
)
from prefect.server.schemas.schedules import CronSchedule, IntervalSchedule
from prefect.server.schemas.states import State, StateDetails, StateType

NS = uuid.UUID("6f1b6c1e-8d0a-4a63-9b39-2f4f0b1de114")


def uid(*parts: str) -> uuid.UUID:
    return uuid.uuid5(NS, "/".join(parts))


NOW = datetime(2025, 6, 12, 9, 0, tzinfo=UTC)  # the data's "now", a Thursday
DAY = timedelta(days=1)
H = timedelta(hours=1)
M = timedelta(minutes=1)
S = timedelta(seconds=1)
rng = random.Random(20250612)

# ------------------------------------------------------------------ content
FLOWS = [
    # name, tags, tasks (in order)
    ("nightly-sales-etl", ["etl", "sales"],
     ["extract_pos_sales", "extract_web_sales", "merge_channels", "load_to_warehouse"]),
    ("ingest-shopify-orders", ["ingest", "shopify"],
     ["fetch_orders_page", "normalize_orders", "upsert_orders"]),
    ("ingest-shopify-refunds", ["ingest", "shopify"],
     ["fetch_refunds_page", "normalize_refunds", "upsert_refunds"]),
    ("sync-salesforce-accounts", ["crm", "salesforce"],
     ["query_changed_accounts", "map_account_fields", "write_accounts"]),
    ("sync-salesforce-opportunities", ["crm", "salesforce"],
     ["query_changed_opportunities", "map_opportunity_fields", "write_opportunities"]),
    ("dbt-build-warehouse", ["dbt", "warehouse"],
     ["dbt_deps", "dbt_seed", "dbt_run", "dbt_test"]),
    ("train-churn-model", ["ml", "churn"],
     ["build_training_set", "fit_xgboost", "evaluate_model", "register_model"]),
    ("score-churn-model", ["ml", "churn"],
     ["load_active_customers", "predict_churn", "write_scores"]),
    ("backup-postgres-prod", ["ops", "backup"],
     ["pg_dump_orders_db", "upload_to_s3", "verify_backup"]),
    ("data-quality-checks", ["dq", "warehouse"],
     ["check_row_counts", "check_null_rates", "check_freshness", "publish_report"]),
    ("weekly-kpi-report", ["reporting"],
     ["query_kpis", "render_report", "email_report"]),
    ("cleanup-s3-staging", ["ops"],
     ["list_stale_objects", "delete_objects"]),
]
FLOW_TASKS = {name: tasks for name, _, tasks in FLOWS}
FLOW_TAGS = {name: tags for name, tags, _ in FLOWS}

WORK_POOLS = [
    # name, type, description, paused, concurrency, queues [(name, priority, paused, limit)]
    ("k8s-prod", "kubernetes", "Production jobs on the analytics EKS cluster.", False, 20,
     [("default", 1, False, None), ("high-priority", 2, False, 10),
      ("backfills", 3, True, 2)]),
    ("docker-staging", "docker", "Staging runs on the shared Docker host.", False, 5,
     [("default", 1, False, None)]),
    ("ml-gpu", "kubernetes", "GPU node group for model training and batch scoring.", False,
     2, [("default", 1, False, None), ("training", 2, False, 1)]),
    ("local-process", "process", "Ad-hoc runs on the ops bastion. Paused since the EKS "
     "migration.", True, None, [("default", 1, False, None)]),
]

P_STR = {"type": "string"}
DEPLOYMENTS = [
    # flow, name, pool, queue, paused, schedule, description, params, schema props
    ("nightly-sales-etl", "production", "k8s-prod", "high-priority", False,
     CronSchedule(cron="0 2 * * *", timezone="UTC"),
     "Loads yesterday's point-of-sale and web sales into the warehouse.",
     {"region": "all", "full_refresh": False, "lookback_days": 1},
     {"region": {"type": "string", "title": "Region", "default": "all",
                 "enum": ["all", "emea", "amer", "apac"], "position": 0},
      "full_refresh": {"type": "boolean", "title": "Full refresh", "default": False,
                       "position": 1},
      "lookback_days": {"type": "integer", "title": "Lookback days", "default": 1,
                        "position": 2}}),
    ("nightly-sales-etl", "staging", "docker-staging", "default", True,
     CronSchedule(cron="0 4 * * *", timezone="UTC"),
     "Same job against the staging warehouse. Paused while staging is rebuilt.",
     {"region": "emea", "full_refresh": False, "lookback_days": 1},
     {"region": {"type": "string", "title": "Region", "default": "emea", "position": 0},
      "full_refresh": {"type": "boolean", "title": "Full refresh", "default": False,
                       "position": 1},
      "lookback_days": {"type": "integer", "title": "Lookback days", "default": 1,
                        "position": 2}}),
    ("ingest-shopify-orders", "hourly", "k8s-prod", "default", False,
     IntervalSchedule(interval=H, anchor_date=datetime(2025, 1, 1, tzinfo=UTC),
                      timezone="UTC"),
     "Pulls new and updated Shopify orders every hour.",
     {"store": "eu-main", "page_size": 250},
     {"store": {"type": "string", "title": "Store", "default": "eu-main", "position": 0},
      "page_size": {"type": "integer", "title": "Page size", "default": 250,
                    "position": 1}}),
    ("ingest-shopify-refunds", "hourly", "k8s-prod", "default", True,
     IntervalSchedule(interval=H, anchor_date=datetime(2025, 1, 1, 0, 20,
                                                       tzinfo=UTC),
                      timezone="UTC"),
     "Pulls Shopify refunds every hour. Paused: refunds now arrive with orders.",
     {"store": "eu-main", "page_size": 250},
     {"store": {"type": "string", "title": "Store", "default": "eu-main", "position": 0},
      "page_size": {"type": "integer", "title": "Page size", "default": 250,
                    "position": 1}}),
    ("sync-salesforce-accounts", "every-15-minutes", "k8s-prod", "default", False,
     IntervalSchedule(interval=15 * M, anchor_date=datetime(2025, 1, 1,
                                                            tzinfo=UTC),
                      timezone="UTC"),
     "Mirrors changed Salesforce accounts into the CRM schema.",
     {"since_minutes": 20}, {"since_minutes": {"type": "integer", "title": "Since minutes",
                                               "default": 20, "position": 0}}),
    ("sync-salesforce-opportunities", "every-15-minutes", "k8s-prod", "default", False,
     IntervalSchedule(interval=15 * M, anchor_date=datetime(2025, 1, 1, 0, 5,
                                                            tzinfo=UTC),
                      timezone="UTC"),
     "Mirrors changed Salesforce opportunities into the CRM schema.",
     {"since_minutes": 20}, {"since_minutes": {"type": "integer", "title": "Since minutes",
                                               "default": 20, "position": 0}}),
    ("dbt-build-warehouse", "prod-daily", "k8s-prod", "high-priority", False,
     CronSchedule(cron="30 3 * * *", timezone="UTC"),
     "Runs dbt build on the production warehouse after the nightly loads.",
     {"target": "prod", "select": "+marts"},
     {"target": {"type": "string", "title": "Target", "default": "prod", "position": 0},
      "select": {"type": "string", "title": "Select", "default": "+marts", "position": 1}}),
    ("dbt-build-warehouse", "ad-hoc", "k8s-prod", "default", False, None,
     "Manual dbt runs for a chosen selection.",
     {"target": "prod", "select": ""},
     {"target": {"type": "string", "title": "Target", "default": "prod", "position": 0},
      "select": {"type": "string", "title": "Select", "default": "", "position": 1}}),
    ("train-churn-model", "monthly-retrain", "ml-gpu", "training", True,
     CronSchedule(cron="0 6 1 * *", timezone="UTC"),
     "Retrains the churn classifier on the first of the month. Paused until the Q3 "
     "feature review.",
     {"learning_rate": 0.02, "max_depth": 8, "n_estimators": 1200},
     {"learning_rate": {"type": "number", "title": "Learning rate", "default": 0.02,
                        "position": 0},
      "max_depth": {"type": "integer", "title": "Max depth", "default": 8, "position": 1},
      "n_estimators": {"type": "integer", "title": "Number of trees", "default": 1200,
                       "position": 2}}),
    ("score-churn-model", "daily-scoring", "ml-gpu", "default", False,
     CronSchedule(cron="0 7 * * *", timezone="Europe/Berlin"),
     "Scores every active subscriber and writes churn_scores for the CRM.",
     {"model_alias": "champion"},
     {"model_alias": {"type": "string", "title": "Model alias", "default": "champion",
                      "position": 0}}),
    ("backup-postgres-prod", "nightly-backup", "k8s-prod", "default", False,
     CronSchedule(cron="0 1 * * *", timezone="Europe/Berlin"),
     "pg_dump of the orders database to S3, kept 35 days.",
     {"database": "orders", "retention_days": 35},
     {"database": {"type": "string", "title": "Database", "default": "orders",
                   "position": 0},
      "retention_days": {"type": "integer", "title": "Retention days", "default": 35,
                         "position": 1}}),
    ("data-quality-checks", "after-dbt", "k8s-prod", "default", False, None,
     "Triggered by an automation when the daily dbt build completes.",
     {"suite": "marts"},
     {"suite": {"type": "string", "title": "Suite", "default": "marts", "position": 0}}),
    ("weekly-kpi-report", "monday-8am", "docker-staging", "default", False,
     CronSchedule(cron="0 8 * * 1", timezone="America/New_York"),
     "Emails the weekly KPI deck to the leadership list.",
     {"recipients": "leadership@example.com"},
     {"recipients": {"type": "string", "title": "Recipients",
                     "default": "leadership@example.com", "position": 0}}),
    ("cleanup-s3-staging", "weekly-cleanup", "docker-staging", "default", True,
     CronSchedule(cron="0 4 * * 0", timezone="UTC"),
     "Deletes staging objects older than 14 days.",
     {"bucket": "acme-staging", "older_than_days": 14},
     {"bucket": {"type": "string", "title": "Bucket", "default": "acme-staging",
                 "position": 0},
      "older_than_days": {"type": "integer", "title": "Older than days", "default": 14,
                          "position": 1}}),
]

ADJ = ["amber", "brisk", "cobalt", "dapper", "eager", "fancy", "gentle", "hasty", "icy",
       "jolly", "keen", "lucid", "mellow", "nimble", "olive", "proud", "quiet", "rustic",
       "silver", "tidy", "urban", "vivid", "witty", "young", "zesty", "bold", "crimson",
       "dusty", "electric", "fuzzy", "golden", "hungry", "ivory", "jade", "lunar",
       "misty", "noble", "orange", "polite", "rapid", "sandy", "tan", "upbeat", "velvet",
       "wandering", "yellow", "zealous", "cosmic", "daring", "festive"]
ANIMAL = ["falcon", "otter", "badger", "heron", "lynx", "marmot", "narwhal", "ocelot",
          "puffin", "quokka", "raven", "salmon", "tapir", "urchin", "vulture", "walrus",
          "yak", "zebra", "alpaca", "bison", "caracal", "dingo", "egret", "ferret",
          "gecko", "hyena", "ibis", "jackal", "kiwi", "lemur", "mantis", "newt", "oriole",
          "panda", "quail", "robin", "skunk", "toucan", "viper", "wombat", "beetle",
          "cheetah", "donkey", "eel", "finch", "gorilla", "hare", "iguana", "koala",
          "llama"]
_used: set[str] = set()


def run_name() -> str:
    while True:
        n = f"{rng.choice(ADJ)}-{rng.choice(ANIMAL)}"
        if n not in _used:
            _used.add(n)
            return n


# Flow runs per deployment: (offset from NOW, outcome, duration, message)
# outcome: completed, failed, crashed, running, scheduled, late, cancelled, pending,
# paused, cancelling
def daily(hour: int, minute: int, outcomes: list[str], dur: timedelta):
    base = NOW.replace(hour=hour, minute=minute)
    if base > NOW:
        base -= DAY
    n = len(outcomes)
    return [(base - (n - 1 - i) * DAY, o, dur) for i, o in enumerate(outcomes)]


RUNS: dict[tuple[str, str], list] = {
    ("nightly-sales-etl", "production"):
        [*daily(2, 0, ["completed", "completed", "completed", "failed", "completed",
                       "completed", "completed"], 23 * M),
         (NOW.replace(hour=2) + DAY, "scheduled", None)],
    ("nightly-sales-etl", "staging"):
        daily(4, 0, ["completed", "cancelled"], 31 * M),
    ("ingest-shopify-orders", "hourly"):
        [(NOW - k * H, "completed", 4 * M + k * 7 * S) for k in range(7, 1, -1)] +
        [(NOW - 1 * H, "crashed", 2 * M), (NOW, "running", None),
         (NOW + 1 * H, "scheduled", None), (NOW + 2 * H, "scheduled", None)],
    ("ingest-shopify-refunds", "hourly"):
        [(NOW - 3 * DAY - k * H, "completed", 3 * M) for k in range(3, 0, -1)],
    ("sync-salesforce-accounts", "every-15-minutes"):
        [(NOW - k * 15 * M, o, 90 * S) for k, o in
         [(5, "completed"), (4, "completed"), (3, "failed"), (2, "completed"),
          (1, "completed")]] + [(NOW, "pending", None), (NOW + 15 * M, "scheduled", None)],
    ("sync-salesforce-opportunities", "every-15-minutes"):
        [(NOW - k * 15 * M + 5 * M, o, 75 * S) for k, o in
         [(4, "completed"), (3, "completed"), (2, "completed"), (1, "late")]],
    ("dbt-build-warehouse", "prod-daily"):
        daily(3, 30, ["completed", "completed", "completed", "cancelled", "completed",
                      "failed", "completed"], 42 * M),
    ("dbt-build-warehouse", "ad-hoc"):
        [(NOW - 2 * DAY + 5 * H, "completed", 12 * M), (NOW - 10 * M, "running", None)],
    ("train-churn-model", "monthly-retrain"):
        [(datetime(2025, 5, 1, 6, 0, tzinfo=UTC), "completed", 2 * H + 14 * M),
         (datetime(2025, 6, 1, 6, 0, tzinfo=UTC), "crashed", 37 * M)],
    ("score-churn-model", "daily-scoring"):
        [*daily(5, 0, ["completed", "completed", "completed", "completed", "failed"],
                18 * M),
         (NOW.replace(hour=5) + DAY, "scheduled", None)],
    ("backup-postgres-prod", "nightly-backup"):
        [*daily(23, 0, ["completed", "completed", "crashed", "completed", "completed"],
                54 * M),
         (NOW.replace(hour=23), "scheduled", None)],
    ("data-quality-checks", "after-dbt"):
        [(t + 45 * M, o, 6 * M) for t, o in
         [(NOW.replace(hour=3, minute=30) - k * DAY, o) for k, o in
          [(6, "completed"), (5, "completed"), (4, "failed"), (2, "completed"),
           (0, "paused")]]],
    ("weekly-kpi-report", "monday-8am"):
        [(datetime(2025, 6, 2, 12, 0, tzinfo=UTC), "completed", 3 * M),
         (datetime(2025, 6, 9, 12, 0, tzinfo=UTC), "completed", 4 * M),
         (datetime(2025, 6, 16, 12, 0, tzinfo=UTC), "scheduled", None)],
    ("cleanup-s3-staging", "weekly-cleanup"):
        [(datetime(2025, 6, 1, 4, 0, tzinfo=UTC), "completed", 8 * M),
         (datetime(2025, 6, 8, 4, 0, tzinfo=UTC), "cancelling", None)],
}

FAIL_MESSAGES = {
    "nightly-sales-etl": ("load_to_warehouse",
                          "Flow run encountered an exception: snowflake.connector.errors."
                          "ProgrammingError: 002003 (42S02): Table 'RAW.WEB_SALES' does "
                          "not exist or not authorized."),
    "sync-salesforce-accounts": ("query_changed_accounts",
                                 "Flow run encountered an exception: SalesforceError: "
                                 "REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded."),
    "dbt-build-warehouse": ("dbt_test",
                            "Flow run encountered an exception: dbt test failed: 3 of 214 "
                            "tests failed (not_null_orders_customer_id, ...)."),
    "score-churn-model": ("predict_churn",
                          "Flow run encountered an exception: ValueError: feature "
                          "'plan_downgrades' missing from input frame."),
    "data-quality-checks": ("check_null_rates",
                            "Flow run encountered an exception: AssertionError: null rate "
                            "of customers.email is 4.2% (threshold 1%)."),
}
CRASH_MESSAGES = {
    "ingest-shopify-orders": "Flow run infrastructure exited with non-zero status code 137 "
                             "(OOMKilled).",
    "train-churn-model": "Flow run infrastructure exited with non-zero status code 1: "
                         "node ip-10-4-2-17 was preempted.",
    "backup-postgres-prod": "Flow run infrastructure exited with non-zero status code 143.",
}


def st(type_: StateType, name: str, ts: datetime, msg: str | None = None,
       scheduled: datetime | None = None) -> State:
    return State(type=type_, name=name, timestamp=ts, message=msg,
                 state_details=StateDetails(scheduled_time=scheduled) if scheduled
                 else StateDetails())


async def main() -> None:
    db = provide_database_interface()
    url = os.environ["PREFECT_API_DATABASE_CONNECTION_URL"]
    path = Path(url.split("///", 1)[1])
    for suffix in ("", "-wal", "-shm", "-journal"):
        p = Path(str(path) + suffix)
        if p.exists():
            p.unlink()
    await db.create_db()

    async with db.session_context() as session:
        await run_block_auto_registration(session=session)

    flow_ids: dict[str, uuid.UUID] = {}
    dep_ids: dict[tuple[str, str], uuid.UUID] = {}
    queue_ids: dict[tuple[str, str], uuid.UUID] = {}

    async with db.session_context(begin_transaction=True) as session:
        # ---------------------------------------------------------- work pools
        for name, type_, desc, paused, limit, queues in WORK_POOLS:
            pool = await models.workers.create_work_pool(
                session=session,
                work_pool=WorkPool(id=uid("pool", name), name=name, type=type_,
                                   description=desc, is_paused=paused,
                                   concurrency_limit=limit, base_job_template={}))
            for qname, prio, qpaused, qlimit in queues:
                if qname == "default":
                    q = await models.workers.read_work_queue(
                        session=session, work_queue_id=pool.default_queue_id)
                    await models.workers.update_work_queue(
                        session=session, work_queue_id=q.id,
                        work_queue=schemas.actions.WorkQueueUpdate(
                            description=f"Default queue of {name}.",
                            concurrency_limit=qlimit))
                else:
                    q = await models.workers.create_work_queue(
                        session=session, work_pool_id=pool.id,
                        work_queue=WorkQueueCreate(name=qname, priority=prio,
                                                   is_paused=qpaused,
                                                   concurrency_limit=qlimit,
                                                   description=f"{qname} queue of {name}."))
                queue_ids[(name, qname)] = q.id

        # ---------------------------------------------------------- flows, deployments
        for name, tags, _ in FLOWS:
            f = await models.flows.create_flow(
                session=session, flow=Flow(id=uid("flow", name), name=name, tags=tags))
            flow_ids[name] = f.id
        for (fname, dname, pool, queue, paused, sched, desc, params, props) in DEPLOYMENTS:
            d = await models.deployments.create_deployment(
                session=session,
                deployment=Deployment(
                    id=uid("deployment", fname, dname), name=dname,
                    flow_id=flow_ids[fname], paused=paused, description=desc,
                    version="2025.06.02", tags=list(FLOW_TAGS[fname]),
                    parameters=params,
                    parameter_openapi_schema={"title": "Parameters", "type": "object",
                                              "properties": props, "required": []},
                    work_queue_name=queue, work_queue_id=queue_ids[(pool, queue)],
                    entrypoint=f"flows/{fname.replace('-', '_')}.py:"
                               f"{fname.replace('-', '_')}",
                    path="/opt/prefect/acme-data-flows",
                    job_variables={"image": "registry.acme.internal/data-flows:2025.06.02"}
                    if pool != "local-process" else {},
                    enforce_parameter_schema=True))
            dep_ids[(fname, dname)] = d.id
            if sched is not None:
                await models.deployments.create_deployment_schedules(
                    session=session, deployment_id=d.id,
                    schedules=[DeploymentScheduleCreate(schedule=sched,
                                                        active=not paused)])

    # ---------------------------------------------------------- flow runs
    dep_meta = {(d[0], d[1]): d for d in DEPLOYMENTS}
    all_runs = []
    for key, runs in RUNS.items():
        for spec in runs:
            all_runs.append((spec[0], key, spec))
    all_runs.sort(key=lambda r: (r[0], r[1]))
    run_ids: dict[str, uuid.UUID] = {}
    run_order: list[str] = []
    logs: list[LogCreate] = []
    async with db.session_context(begin_transaction=True) as session:
        for t0, (fname, dname), (_, outcome, dur) in all_runs:
            name = run_name()
            rid = uid("flow-run", name)
            run_ids[name] = rid
            run_order.append(name)
            meta = dep_meta[(fname, dname)]
            params = dict(meta[7])
            if fname == "nightly-sales-etl" and dname == "production" and outcome == "failed":
                params["region"] = "all"
            fr = await models.flow_runs.create_flow_run(
                session=session,
                flow_run=FlowRun(
                    id=rid, name=name, flow_id=flow_ids[fname],
                    deployment_id=dep_ids[(fname, dname)], deployment_version="2025.06.02",
                    parameters=params, tags=list(FLOW_TAGS[fname]),
                    work_queue_name=meta[3], work_queue_id=queue_ids[(meta[2], meta[3])],
                    flow_version="a3f9c2e", auto_scheduled=meta[5] is not None,
                    state=st(StateType.SCHEDULED, "Scheduled", t0 - 2 * H, scheduled=t0)))

            async def to(type_, sname, ts, msg=None, scheduled=None, fr_id=fr.id):
                await models.flow_runs.set_flow_run_state(
                    session=session, flow_run_id=fr_id,
                    state=st(type_, sname, ts, msg, scheduled), force=True)

            if outcome == "scheduled":
                continue
            if outcome == "late":
                await to(StateType.SCHEDULED, "Late", t0 + 16 * S, scheduled=t0)
                continue
            await to(StateType.PENDING, "Pending", t0 + 2 * S)
            if outcome == "pending":
                continue
            start = t0 + 9 * S
            await to(StateType.RUNNING, "Running", start)
            logs.append(LogCreate(name="prefect.flow_runs", level=20, timestamp=start,
                                  flow_run_id=rid,
                                  message=f"Beginning flow run '{name}' for flow "
                                          f"'{fname}'"))
            tasks = FLOW_TASKS[fname]
            fail_task = FAIL_MESSAGES.get(fname, (None, ""))[0]
            n_done = len(tasks)
            if outcome in ("running", "paused", "cancelling", "cancelled"):
                n_done = max(1, len(tasks) // 2)
            if outcome == "crashed":
                n_done = 1
            total = dur or 10 * M
            step = total / (len(tasks) + 1)
            tt = start + 3 * S
            for i, task in enumerate(tasks):
                tr_id = uid("task-run", name, task)
                if i > n_done:
                    break
                tr_name = f"{task}-0"
                tr = await models.task_runs.create_task_run(
                    session=session,
                    task_run=TaskRun(id=tr_id, name=tr_name, flow_run_id=rid,
                                     task_key=f"{fname}.{task}", dynamic_key="0",
                                     state=st(StateType.PENDING, "Pending", tt)))
                await models.task_runs.set_task_run_state(
                    session=session, task_run_id=tr.id,
                    state=st(StateType.RUNNING, "Running", tt + S), force=True)
                logs.append(LogCreate(name="prefect.task_runs", level=20, timestamp=tt + S,
                                      flow_run_id=rid, task_run_id=tr.id,
                                      message=f"Task run '{tr_name}' started"))
                end = tt + step
                if i == n_done:
                    # the task that was in flight when the run ended (or still is)
                    if outcome == "crashed":
                        await models.task_runs.set_task_run_state(
                            session=session, task_run_id=tr.id,
                            state=st(StateType.CRASHED, "Crashed", end,
                                     "Execution was interrupted by the infrastructure."),
                            force=True)
                    elif outcome == "cancelled":
                        await models.task_runs.set_task_run_state(
                            session=session, task_run_id=tr.id,
                            state=st(StateType.CANCELLED, "Cancelled", end,
                                     "Task run was cancelled."), force=True)
                    break
                if outcome == "failed" and task == fail_task:
                    msg = FAIL_MESSAGES[fname][1].replace("Flow run encountered an "
                                                          "exception", "Task run failed")
                    await models.task_runs.set_task_run_state(
                        session=session, task_run_id=tr.id,
                        state=st(StateType.FAILED, "Failed", end, msg), force=True)
                    logs.append(LogCreate(name="prefect.task_runs", level=40, timestamp=end,
                                          flow_run_id=rid, task_run_id=tr.id,
                                          message=f"Task run '{tr_name}' - {msg}"))
                    break
                await models.task_runs.set_task_run_state(
                    session=session, task_run_id=tr.id,
                    state=st(StateType.COMPLETED, "Completed", end), force=True)
                logs.append(LogCreate(name="prefect.task_runs", level=20, timestamp=end,
                                      flow_run_id=rid, task_run_id=tr.id,
                                      message="Finished in state Completed()"))
                tt = end + S
            end = start + total
            if outcome == "completed":
                await to(StateType.COMPLETED, "Completed", end, "All states completed.")
                logs.append(LogCreate(name="prefect.flow_runs", level=20, timestamp=end,
                                      flow_run_id=rid,
                                      message="Finished in state Completed('All states "
                                              "completed.')"))
            elif outcome == "failed":
                msg = FAIL_MESSAGES[fname][1]
                await to(StateType.FAILED, "Failed", end, msg)
                logs.append(LogCreate(name="prefect.flow_runs", level=40, timestamp=end,
                                      flow_run_id=rid, message=msg))
            elif outcome == "crashed":
                msg = CRASH_MESSAGES[fname]
                await to(StateType.CRASHED, "Crashed", end, msg)
                logs.append(LogCreate(name="prefect.flow_runs", level=40, timestamp=end,
                                      flow_run_id=rid, message=msg))
            elif outcome == "cancelled":
                await to(StateType.CANCELLING, "Cancelling", end - 20 * S)
                await to(StateType.CANCELLED, "Cancelled", end,
                         "Cancelled by user from the UI.")
            elif outcome == "cancelling":
                await to(StateType.CANCELLING, "Cancelling", start + 3 * M)
            elif outcome == "paused":
                await to(StateType.PAUSED, "Suspended", start + 4 * M,
                         "Waiting for approval: null rate of customers.email above "
                         "threshold.")
        await models.logs.create_logs(session=session, logs=logs)

        # ---------------------------------------------------------- artifacts
        for k, (t0, (fname, dname), (_, outcome, _dur)) in enumerate(all_runs):
            name = run_order[k]
            if outcome != "completed":
                continue
            if (fname, dname) == ("nightly-sales-etl", "production"):
                day = (t0 - DAY).strftime("%Y-%m-%d")
                units = 18_000 + (t0.day * 977) % 4_000
                await models.artifacts.create_artifact(
                    session=session,
                    artifact=Artifact(
                        id=uid("artifact", name), key="daily-sales-summary", type="markdown",
                        description=f"Sales loaded for {day}",
                        data=f"# Sales for {day}\n\n| channel | orders | revenue |\n"
                             f"|---|---|---|\n| store | {units} | EUR {units * 23:,} |\n"
                             f"| web | {units // 3} | EUR {units * 9:,} |\n",
                        flow_run_id=run_ids[name]))
            if fname == "data-quality-checks":
                await models.artifacts.create_artifact(
                    session=session,
                    artifact=Artifact(
                        id=uid("artifact", name), key="dq-report", type="table",
                        description="Data quality checks on the marts",
                        data=[{"check": "row_counts", "table": "fct_orders", "status": "pass"},
                              {"check": "null_rate", "table": "dim_customers",
                               "status": "pass"},
                              {"check": "freshness", "table": "fct_sales", "status": "pass"}],
                        flow_run_id=run_ids[name]))

    print(f"{len(run_ids)} flow runs")
    await seed_rest(db, flow_ids, dep_ids, run_ids)
    await fix_clock(db)


async def seed_rest(db, flow_ids, dep_ids, run_ids) -> None:
    async with db.session_context(begin_transaction=True) as session:
        # ---------------------------------------------------------- variables
        for name, value, tags in [
                ("warehouse_schema", "analytics", ["warehouse"]),
                ("sales_regions", ["emea", "amer", "apac"], ["sales"]),
                ("churn_threshold", 0.42, ["ml", "churn"]),
                ("slack_alert_channel", "#data-alerts", ["alerts"]),
                ("backfill_start_date", "2025-01-01", ["sales"]),
                ("maintenance_mode", False, ["ops"]),
                ("shopify_page_size", 250, ["shopify"])]:
            await models.variables.create_variable(
                session=session, variable=VariableCreate(name=name, value=value, tags=tags))

        # ---------------------------------------------------------- blocks
        async def block(slug: str, name: str, data: dict) -> uuid.UUID:
            bt = await models.block_types.read_block_type_by_slug(session=session,
                                                                  block_type_slug=slug)
            bs = await models.block_schemas.read_block_schemas(
                session=session,
                block_schema_filter=schemas.filters.BlockSchemaFilter(
                    block_type_id=schemas.filters.BlockSchemaFilterBlockTypeId(
                        any_=[bt.id])))
            doc = await models.block_documents.create_block_document(
                session=session,
                block_document=BlockDocumentCreate(name=name, data=data,
                                                   block_schema_id=bs[0].id,
                                                   block_type_id=bt.id))
            # the server mints a random id; give it a fixed one before anything refers to it
            fixed = uid("block", name)
            await session.execute(sa.text("UPDATE block_document SET id = :new WHERE id = :old"),
                                  {"new": str(fixed), "old": str(doc.id)})
            return fixed

        blocks = {}
        blocks["slack"] = await block("slack-webhook", "data-alerts-slack",
                                      {"url": "https://hooks.slack.example/T000/B000/XXXX"})
        blocks["slack-ml"] = await block("slack-webhook", "ml-team-slack",
                                         {"url": "https://hooks.slack.example/T000/B001/YYYY"})
        blocks["pw"] = await block("secret", "warehouse-password", {"value": "s3cr3t-pw"})
        blocks["sf"] = await block("secret", "salesforce-api-token",
                                   {"value": "00D5g000004XXXX"})
        blocks["aws"] = await block("aws-credentials", "acme-data-aws",
                                    {"aws_access_key_id": "AKIAEXAMPLE0DATA0001",
                                     "aws_secret_access_key": "example-secret-key",
                                     "region_name": "eu-west-1"})
        blocks["pd"] = await block("webhook", "pagerduty-oncall",
                                   {"method": "POST",
                                    "url": "https://events.pagerduty.example/v2/enqueue",
                                    "headers": {"Content-Type": "application/json"}})
        blocks["fs"] = await block("local-file-system", "shared-exports",
                                   {"basepath": "/mnt/exports"})
        blocks["gh"] = await block("github-credentials", "data-flows-repo-token",
                                   {"token": "ghp_exampleexampleexample"})

        # ---------------------------------------------------------- concurrency
        for name, limit, active in [("warehouse-connections", 10, True),
                                    ("salesforce-api", 3, True),
                                    ("gpu-training", 1, False),
                                    ("shopify-api", 4, True)]:
            await models.concurrency_limits_v2.create_concurrency_limit(
                session=session,
                concurrency_limit=ConcurrencyLimitV2(id=uid("cl", name), name=name,
                                                     limit=limit, active=active))
        for tag, limit in [("shopify", 5), ("salesforce", 2), ("backup", 1)]:
            await models.concurrency_limits.create_concurrency_limit(
                session=session,
                concurrency_limit=ConcurrencyLimit(id=uid("tag-limit", tag), tag=tag,
                                                   concurrency_limit=limit))

        # ---------------------------------------------------------- automations
        def flow_res(fname: str) -> dict:
            return {"prefect.resource.id": f"prefect.flow.{flow_ids[fname]}"}

        autos = [
            Automation(
                id=uid("automation", "sales-etl-failed"),
                name="Alert Slack when sales ETL fails",
                description="Posts to #data-alerts when nightly-sales-etl fails or crashes.",
                enabled=True,
                trigger=EventTrigger(
                    expect={"prefect.flow-run.Failed", "prefect.flow-run.Crashed"},
                    match={"prefect.resource.id": "prefect.flow-run.*"},
                    match_related=flow_res("nightly-sales-etl"),
                    posture=Posture.Reactive, threshold=1, within=timedelta(0)),
                actions=[SendNotification(block_document_id=blocks["slack"],
                                          subject="Sales ETL failed",
                                          body="{{ flow_run.name }} ended in "
                                               "{{ flow_run.state.name }}.")]),
            Automation(
                id=uid("automation", "dq-after-dbt"),
                name="Run data quality checks after dbt",
                description="Starts data-quality-checks/after-dbt when the daily dbt "
                            "build completes.",
                enabled=True,
                trigger=EventTrigger(
                    expect={"prefect.flow-run.Completed"},
                    match={"prefect.resource.id": "prefect.flow-run.*"},
                    match_related=flow_res("dbt-build-warehouse"),
                    posture=Posture.Reactive, threshold=1, within=timedelta(0)),
                actions=[RunDeployment(source="selected",
                                       deployment_id=dep_ids[("data-quality-checks",
                                                              "after-dbt")],
                                       parameters={"suite": "marts"})]),
            Automation(
                id=uid("automation", "page-on-backup-crash"),
                name="Page on-call when the backup crashes",
                description="PagerDuty alert for a crashed or failed Postgres backup.",
                enabled=True,
                trigger=EventTrigger(
                    expect={"prefect.flow-run.Crashed", "prefect.flow-run.Failed"},
                    match={"prefect.resource.id": "prefect.flow-run.*"},
                    match_related=flow_res("backup-postgres-prod"),
                    posture=Posture.Reactive, threshold=1, within=timedelta(0)),
                actions=[SendNotification(block_document_id=blocks["pd"],
                                          subject="Postgres backup crashed",
                                          body="Backup run {{ flow_run.name }} crashed.")]),
            Automation(
                id=uid("automation", "cancel-stuck-training"),
                name="Cancel training stuck for 6 hours",
                description="Cancels a train-churn-model run that has been running for six "
                            "hours. Disabled while retraining is paused.",
                enabled=False,
                trigger=EventTrigger(
                    expect={"prefect.flow-run.Completed"},
                    after={"prefect.flow-run.Running"},
                    match={"prefect.resource.id": "prefect.flow-run.*"},
                    match_related=flow_res("train-churn-model"),
                    for_each={"prefect.resource.id"},
                    posture=Posture.Proactive, threshold=1, within=timedelta(hours=6)),
                actions=[CancelFlowRun()]),
        ]
        for a in autos:
            await create_automation(session=session, automation=a)


async def fix_clock(db) -> None:
    """Give every row fixed created/updated times (the server stamps wall-clock ones)."""
    async with db.session_context(begin_transaction=True) as session:
        conn = await session.connection()
        names = (await conn.execute(sa.text(
            "SELECT name FROM sqlite_master WHERE type='table'"))).scalars().all()
        stamp = (NOW - 30 * DAY).strftime("%Y-%m-%d %H:%M:%S.000000")
        for t in names:
            cols = [r[1] for r in (await conn.execute(sa.text(f'PRAGMA table_info("{t}")')))]
            sets = [f"{c} = :stamp" for c in ("created", "updated") if c in cols]
            if not sets:
                continue
            if t in ("flow_run", "task_run"):
                # a run was created when it was scheduled
                await conn.execute(sa.text(
                    f'UPDATE "{t}" SET created = COALESCE(expected_start_time, :stamp), '
                    f'updated = COALESCE(end_time, start_time, expected_start_time, :stamp)'),
                    {"stamp": stamp})
            else:
                await conn.execute(sa.text(f'UPDATE "{t}" SET {", ".join(sets)}'),
                                   {"stamp": stamp})


if __name__ == "__main__":
    asyncio.run(main())
