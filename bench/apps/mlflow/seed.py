"""Seed the bench MLflow tracking store deterministically (run by setup.sh).

Usage: seed.py DATA_DIR. Writes DATA_DIR/mlflow.db (SQLite backend store) and
DATA_DIR/artifacts/<experiment>/<run_id>/artifacts/... directly through the stores, with
fixed run ids (a seeded uuid4), fixed timestamps and fixed values, so that every fresh
setup yields the same experiment ids (1-4), run ids and model versions.

Content: four experiments (churn, demand forecasting with a nested sweep, a BERT
fine-tune, an image classifier), 32 runs with params, per-step metrics, tags,
descriptions and a few artifacts; two registered models with versions, stages, aliases.
"""

from __future__ import annotations

import json
import math
import random
import sys
import uuid
from pathlib import Path

data = Path(sys.argv[1]).resolve()
data.mkdir(parents=True, exist_ok=True)
db = data / "mlflow.db"
import shutil  # noqa: E402

if db.exists():
    db.unlink()
shutil.rmtree(data / "artifacts", ignore_errors=True)

# fixed ids and a fake clock, before mlflow creates anything
_rng = random.Random(20240611)
uuid.uuid4 = lambda: uuid.UUID(int=_rng.getrandbits(128), version=4)  # type: ignore[assignment]
_clock = [1_717_400_000_000]  # 2024-06-03 07:33:20 UTC


def now() -> int:
    _clock[0] += 1_000
    return _clock[0]


import mlflow.store.model_registry.sqlalchemy_store as reg_store  # noqa: E402
import mlflow.store.tracking.sqlalchemy_store as trk_store  # noqa: E402
import mlflow.utils.time as mtime  # noqa: E402

for mod in (reg_store, trk_store, mtime):
    if hasattr(mod, "get_current_time_millis"):
        mod.get_current_time_millis = now

from mlflow import MlflowClient  # noqa: E402
from mlflow.entities import Metric, Param  # noqa: E402

uri = f"sqlite:///{db}"
client = MlflowClient(tracking_uri=uri, registry_uri=uri)
art_root = data / "artifacts"
art_root.mkdir(exist_ok=True)

DAY = 86_400_000
HOUR = 3_600_000


def experiment(name: str, slug: str, description: str, tags: dict[str, str]) -> str:
    tags = dict(tags, **{"mlflow.note.content": description})
    return client.create_experiment(name, artifact_location=(art_root / slug).as_uri(),
                                    tags=tags)


def run(exp_id: str, name: str, start: int, *, user: str, params: dict, metrics: dict,
        tags: dict | None = None, description: str | None = None, status: str = "FINISHED",
        minutes: int = 12, parent: str | None = None, source: str = "train.py") -> str:
    t = {"mlflow.user": user, "mlflow.source.name": source, "mlflow.source.type": "LOCAL",
         "mlflow.source.git.commit": f"{_rng.getrandbits(160):040x}"}
    if parent:
        t["mlflow.parentRunId"] = parent
    if description:
        t["mlflow.note.content"] = description
    t.update(tags or {})
    r = client.create_run(exp_id, start_time=start, run_name=name,
                          tags={k: v for k, v in t.items() if k != "mlflow.user"})
    rid = r.info.run_id
    # the user comes from the create_run caller; set it via the tag the UI reads
    client.set_tag(rid, "mlflow.user", user)
    ms: list[Metric] = []
    for key, values in metrics.items():
        if isinstance(values, (int, float)):
            values = [values]
        for step, v in enumerate(values):
            ms.append(Metric(key, round(float(v), 4), start + (step + 1) * 30_000, step))
    ps = [Param(k, str(v)) for k, v in params.items()]
    for i in range(0, len(ms), 900):
        client.log_batch(rid, metrics=ms[i:i + 900], params=ps if i == 0 else [])
    if not ms:
        client.log_batch(rid, params=ps)
    client.set_terminated(rid, status=status, end_time=start + minutes * 60_000)
    return rid


def curve(start: float, end: float, n: int, noise: float, seed: int) -> list[float]:
    g = random.Random(seed)
    out = []
    for i in range(n):
        frac = 1 - math.exp(-3.0 * i / max(1, n - 1))
        out.append(start + (end - start) * frac / (1 - math.exp(-3.0)) + g.uniform(-noise, noise))
    out[-1] = end
    return out


base = 1_717_400_000_000  # 2024-06-03

# ---------------------------------------------------------------- 1: churn prediction
churn = experiment(
    "churn-prediction", "churn",
    "Predict which subscribers cancel within 30 days. Features from the billing and "
    "support warehouse, snapshot 2024-05.",
    {"team": "growth-analytics", "project": "retention"})
churn_runs = {}
specs = [
    # name, model, lr, depth, n_est, auc, f1, acc, user, status
    ("xgb-baseline", "xgboost", 0.1, 6, 200, 0.842, 0.611, 0.874, "priya", "FINISHED"),
    ("xgb-deeper-trees", "xgboost", 0.1, 10, 200, 0.851, 0.624, 0.879, "priya", "FINISHED"),
    ("xgb-lr-0.05", "xgboost", 0.05, 8, 400, 0.868, 0.642, 0.886, "priya", "FINISHED"),
    ("xgb-lr-0.02-long", "xgboost", 0.02, 8, 1200, 0.873, 0.655, 0.889, "marco", "FINISHED"),
    ("logreg-l2", "logistic_regression", 0.0, 0, 0, 0.781, 0.533, 0.851, "marco", "FINISHED"),
    ("logreg-l1-sparse", "logistic_regression", 0.0, 0, 0, 0.776, 0.529, 0.848, "marco",
     "FINISHED"),
    ("rf-500-trees", "random_forest", 0.0, 14, 500, 0.836, 0.598, 0.868, "chen", "FINISHED"),
    ("lgbm-dart", "lightgbm", 0.05, 7, 600, 0.861, 0.637, 0.883, "chen", "FINISHED"),
    ("lgbm-goss", "lightgbm", 0.08, 7, 300, 0.0, 0.0, 0.0, "chen", "FAILED"),
    ("catboost-default", "catboost", 0.03, 6, 1000, 0.865, 0.640, 0.884, "priya", "FINISHED"),
]
for i, (name, model, lr, depth, n_est, auc, f1, acc, user, status) in enumerate(specs):
    params = {"model_type": model, "seed": 42, "train_rows": 184_220,
              "feature_set": "v3" if i >= 2 else "v2", "class_weight": "balanced"}
    if lr:
        params["learning_rate"] = lr
    if depth:
        params["max_depth"] = depth
    if n_est:
        params["n_estimators"] = n_est
    if model == "logistic_regression":
        params.update(penalty="l1" if "l1" in name else "l2", C=0.5 if "l1" in name else 1.0)
    steps = 20
    if status == "FAILED":
        metrics = {"train_logloss": curve(0.69, 0.52, 6, 0.01, i)}
    else:
        metrics = {"train_logloss": curve(0.69, 0.30 - auc / 10, steps, 0.006, i),
                   "val_logloss": curve(0.69, 0.36 - auc / 10, steps, 0.008, i + 100),
                   "val_auc": curve(0.62, auc, steps, 0.004, i + 200),
                   "val_f1": f1, "val_accuracy": acc,
                   "val_precision": round(f1 + 0.07, 3), "val_recall": round(f1 - 0.05, 3)}
    desc = None
    if name == "xgb-baseline":
        desc = "First gradient-boosted baseline on feature set v2. Use as the reference."
    if name == "xgb-lr-0.02-long":
        desc = ("Lower learning rate with early stopping at 1200 rounds. Best AUC so far; "
                "registered as churn-classifier v2.")
    if name == "lgbm-goss":
        desc = "Crashed: out of memory on the 16 GB worker at round 140."
    tags = {"dataset_version": "2024-05" if i >= 2 else "2024-04",
            "framework": model.split("_")[0]}
    if status == "FINISHED" and auc >= 0.865:
        tags["candidate"] = "yes"
    churn_runs[name] = run(churn, name, base + i * 3 * HOUR, user=user, params=params,
                           metrics=metrics, tags=tags, description=desc, status=status,
                           minutes=8 + i * 3, source="churn/train.py")

# artifacts for the best churn run and the baseline
best = churn_runs["xgb-lr-0.02-long"]
client.log_text(best, "feature,importance\ntenure_months,0.231\nsupport_tickets_90d,0.174\n"
                "monthly_charge,0.142\ncontract_type,0.118\npayment_failures,0.097\n"
                "logins_30d,0.081\nplan_downgrades,0.064\nregion,0.038\n",
                "feature_importance.csv")
client.log_dict(best, {"objective": "binary:logistic", "eta": 0.02, "max_depth": 8,
                       "subsample": 0.8, "colsample_bytree": 0.7, "early_stopping_rounds": 50,
                       "eval_metric": ["auc", "logloss"]}, "config/xgb_params.json")
client.log_text(best, "Churn model xgb-lr-0.02-long\n\nValidation AUC 0.873 on the May 2024 "
                "snapshot.\nTop driver: tenure_months.\nThreshold 0.42 chosen for 0.65 F1.\n",
                "notes/summary.txt")
client.log_text(best, "artifact_path: model\nflavors:\n  xgboost:\n    data: model.xgb\n"
                "    model_class: xgboost.sklearn.XGBClassifier\n    xgb_version: 2.0.3\n"
                "  python_function:\n    loader_module: mlflow.xgboost\n    python_version: "
                "3.11.7\nmlflow_version: 2.22.5\n", "model/MLmodel")
client.log_text(best, "mlflow==2.22.5\nxgboost==2.0.3\nscikit-learn==1.4.2\n",
                "model/requirements.txt")
base_run = churn_runs["xgb-baseline"]
client.log_text(base_run, "feature,importance\ntenure_months,0.251\nmonthly_charge,0.166\n"
                "support_tickets_90d,0.149\ncontract_type,0.121\n", "feature_importance.csv")
client.log_text(base_run, "artifact_path: model\nflavors:\n  xgboost:\n    data: model.xgb\n",
                "model/MLmodel")
client.log_text(churn_runs["catboost-default"], "artifact_path: model\nflavors:\n  catboost:\n"
                "    data: model.cb\n", "model/MLmodel")

# ---------------------------------------------------------------- 2: demand forecasting
demand = experiment(
    "demand-forecasting-weekly", "demand",
    "Weekly unit demand per store and SKU family, 12-week horizon.",
    {"team": "supply-chain", "project": "replenishment"})
demand_runs = {}
t0 = base + 3 * DAY
parent = run(demand, "prophet-sweep", t0, user="sofia",
             params={"model_type": "prophet", "horizon_weeks": 12, "search": "grid"},
             metrics={"best_val_rmse": 41.7, "best_val_mape": 0.083},
             description="Grid search over changepoint_prior_scale and seasonality mode. "
                         "Children are the individual fits.",
             tags={"sweep": "true"}, minutes=95, source="forecast/sweep.py")
demand_runs["prophet-sweep"] = parent
children = [("cps-0.01-additive", 0.01, "additive", 47.9, 0.097),
            ("cps-0.05-additive", 0.05, "additive", 43.2, 0.088),
            ("cps-0.05-multiplicative", 0.05, "multiplicative", 41.7, 0.083),
            ("cps-0.5-additive", 0.5, "additive", 45.5, 0.092),
            ("cps-0.5-multiplicative", 0.5, "multiplicative", 44.1, 0.090)]
for j, (name, cps, mode, rmse, mape) in enumerate(children):
    demand_runs[name] = run(
        demand, name, t0 + (j + 1) * 15 * 60_000, user="sofia",
        params={"model_type": "prophet", "changepoint_prior_scale": cps,
                "seasonality_mode": mode, "horizon_weeks": 12},
        metrics={"val_rmse": curve(70, rmse, 12, 0.8, 300 + j),
                 "val_mape": curve(0.16, mape, 12, 0.002, 400 + j),
                 "val_mae": round(rmse * 0.74, 2)},
        parent=parent, minutes=14, source="forecast/sweep.py", tags={"sweep_child": "true"})
for j, (name, model, rmse, mape, status) in enumerate([
        ("seasonal-naive", "seasonal_naive", 58.3, 0.121, "FINISHED"),
        ("lgbm-lag-features", "lightgbm", 38.9, 0.078, "FINISHED"),
        ("tft-transformer", "temporal_fusion_transformer", 37.2, 0.075, "KILLED")]):
    metrics = {"val_rmse": curve(80, rmse, 12, 1.0, 500 + j),
               "val_mape": curve(0.18, mape, 12, 0.002, 600 + j), "val_mae": round(rmse * 0.74, 2)}
    demand_runs[name] = run(
        demand, name, t0 + (j + 1) * DAY, user="sofia" if j != 1 else "marco",
        params={"model_type": model, "horizon_weeks": 12,
                **({"num_leaves": 63, "lags": "1,2,4,8,52"} if model == "lightgbm" else {}),
                **({"hidden_size": 128, "attention_heads": 4} if "transformer" in model else {})},
        metrics=metrics, status=status, minutes=30 + 40 * j, source="forecast/train.py",
        description=("Stopped by hand after 9 hours: too slow for the nightly job."
                     if status == "KILLED" else None))
client.log_text(demand_runs["lgbm-lag-features"],
                "week,store,actual,forecast\n2024-04-01,S014,412,398\n2024-04-08,S014,387,401\n"
                "2024-04-15,S014,455,431\n2024-04-22,S014,429,437\n", "forecast_sample.csv")
client.log_text(demand_runs["lgbm-lag-features"], "artifact_path: model\nflavors:\n  "
                "lightgbm:\n    data: model.lgb\n", "model/MLmodel")
client.log_dict(demand_runs["prophet-sweep"],
                {"changepoint_prior_scale": [0.01, 0.05, 0.5],
                 "seasonality_mode": ["additive", "multiplicative"]}, "search_space.json")

# ---------------------------------------------------------------- 3: BERT fine-tune
bert = experiment(
    "sentiment-bert-finetune", "bert",
    "Fine-tune BERT variants on product reviews (3 classes: negative, neutral, positive).",
    {"team": "nlp", "project": "review-insights"})
bert_runs = {}
for k, (name, model, lr, bs, epochs, acc, f1) in enumerate([
        ("bert-base-lr2e-5", "bert-base-uncased", 2e-5, 32, 4, 0.912, 0.897),
        ("bert-base-lr5e-5", "bert-base-uncased", 5e-5, 32, 4, 0.905, 0.889),
        ("distilbert-fast", "distilbert-base-uncased", 5e-5, 64, 3, 0.894, 0.876),
        ("roberta-base", "roberta-base", 2e-5, 16, 5, 0.927, 0.915),
        ("roberta-large-fp16", "roberta-large", 1e-5, 8, 3, 0.934, 0.921),
        ("deberta-v3-small", "microsoft/deberta-v3-small", 3e-5, 32, 4, 0.921, 0.908),
        ("bert-base-frozen-encoder", "bert-base-uncased", 1e-3, 64, 6, 0.843, 0.812)]):
    n = epochs * 10
    bert_runs[name] = run(
        bert, name, base + 6 * DAY + k * 5 * HOUR, user="amara" if k % 2 else "jonas",
        params={"base_model": model, "learning_rate": lr, "batch_size": bs, "epochs": epochs,
                "max_seq_length": 256, "warmup_ratio": 0.06, "weight_decay": 0.01},
        metrics={"train_loss": curve(1.1, 0.12 + (1 - acc), n, 0.02, 700 + k),
                 "eval_loss": curve(1.05, 0.22 + (1 - acc), epochs, 0.0, 800 + k),
                 "eval_accuracy": curve(0.55, acc, epochs, 0.0, 900 + k),
                 "eval_f1_macro": curve(0.48, f1, epochs, 0.0, 950 + k)},
        tags={"gpu": "A100-40GB" if "large" in name else "T4", "precision":
              "fp16" if "fp16" in name else "fp32"},
        description=("Largest model we can fit; 3x the latency of roberta-base."
                     if name == "roberta-large-fp16" else None),
        minutes=25 * epochs, source="nlp/finetune.py")
client.log_text(bert_runs["roberta-base"], "label,precision,recall,f1\nnegative,0.93,0.91,0.92\n"
                "neutral,0.86,0.84,0.85\npositive,0.95,0.97,0.96\n",
                "eval/classification_report.csv")
client.log_dict(bert_runs["roberta-base"], {"0": "negative", "1": "neutral", "2": "positive"},
                "eval/label_map.json")

# ---------------------------------------------------------------- 4: image classifier
img = experiment(
    "defect-detection-resnet", "resnet",
    "Classify PCB images from line 3 as ok / scratch / missing-component.",
    {"team": "manufacturing-vision", "project": "quality"})
for k, (name, arch, lr, aug, top1, status) in enumerate([
        ("resnet18-baseline", "resnet18", 0.01, "flip", 0.884, "FINISHED"),
        ("resnet50-pretrained", "resnet50", 0.005, "flip+rotate", 0.931, "FINISHED"),
        ("resnet50-mixup", "resnet50", 0.005, "mixup", 0.942, "FINISHED"),
        ("efficientnet-b0", "efficientnet_b0", 0.008, "randaugment", 0.937, "FINISHED"),
        ("resnet101-oom", "resnet101", 0.005, "flip+rotate", 0.0, "FAILED"),
        ("vit-small-patch16", "vit_small_patch16_224", 0.001, "randaugment", 0.926, "FINISHED")]):
    e = 15
    metrics = ({"train_loss": curve(1.0, 0.9, 2, 0.01, 1000 + k)} if status == "FAILED" else
               {"train_loss": curve(1.05, 0.08 + (1 - top1) / 2, e, 0.015, 1000 + k),
                "val_top1_accuracy": curve(0.45, top1, e, 0.006, 1100 + k),
                "val_loss": curve(1.02, 0.15 + (1 - top1), e, 0.01, 1200 + k)})
    run(img, name, base + 9 * DAY + k * 4 * HOUR, user="chen",
        params={"architecture": arch, "learning_rate": lr, "augmentation": aug,
                "image_size": 224, "optimizer": "sgd" if "resnet" in arch else "adamw",
                "epochs": e},
        metrics=metrics, status=status, minutes=45 + 10 * k, source="vision/train.py",
        tags={"line": "3", "camera": "basler-acA2440"},
        description=("CUDA out of memory at batch size 64 on the T4." if status == "FAILED"
                     else None))

# ---------------------------------------------------------------- shared table views
# The experiment page keeps its columns/sort in the browser; a "shared view state" tag
# (what the page's Share button writes) makes the URL
# /#/experiments/<id>?viewStateShareKey=<key> open with metric and param columns shown and
# a fixed sort, whatever the browser remembers.


def col(kind: str, key: str) -> str:
    return f"{kind}.`{key}`"


def share_view(exp_id: str, key: str, columns: list[str], order_by: str, asc: bool,
               expanded: dict | None = None) -> None:
    state = {"searchFilter": "", "orderByKey": order_by, "orderByAsc": asc,
             "startTime": "ALL", "lifecycleFilter": "Active", "datasetsFilter": [],
             "modelVersionFilter": "All Runs", "selectedColumns": columns,
             "runsExpanded": expanded or {}, "runsPinned": [], "runsHidden": [],
             "runsVisibilityMap": {}, "runsHiddenMode": "FIRST_10_RUNS",
             "viewMaximized": False, "runListHidden": False, "isAccordionReordered": False,
             "useGroupedValuesInCharts": True, "hideEmptyCharts": True, "groupBy": None,
             "groupsExpanded": {}, "autoRefreshEnabled": False,
             "globalLineChartConfig": {"xAxisKey": "step", "lineSmoothness": 0,
                                       "selectedXAxisMetricKey": ""}}
    client.set_experiment_tag(exp_id, f"mlflow.sharedViewState.{key}", json.dumps(state))


share_view(churn, "churn-metrics",
           [col("metrics", "val_auc"), col("metrics", "val_f1"), col("metrics", "val_accuracy"),
            col("params", "model_type"), col("params", "learning_rate"),
            col("params", "max_depth")],
           "attributes.start_time", False)
share_view(demand, "forecast-sweep",
           [col("metrics", "val_rmse"), col("metrics", "val_mape"), col("params", "model_type"),
            col("params", "changepoint_prior_scale"), col("params", "seasonality_mode")],
           "attributes.start_time", False, expanded={demand_runs["prophet-sweep"]: True})
share_view(bert, "bert-metrics",
           [col("metrics", "eval_accuracy"), col("metrics", "eval_f1_macro"),
            col("params", "base_model"), col("params", "learning_rate"),
            col("params", "batch_size")],
           "metrics.`eval_accuracy`", False)

# ---------------------------------------------------------------- registered models
client.create_registered_model(
    "churn-classifier", tags={"owner": "growth-analytics", "task": "binary-classification"},
    description="Scores every active subscriber nightly; consumed by the retention CRM.")
for name, stage, desc in [("xgb-baseline", "Archived", "Baseline, feature set v2."),
                          ("xgb-lr-0.02-long", "Production", "Best AUC (0.873), feature set v3."),
                          ("catboost-default", "Staging", "Challenger: CatBoost, AUC 0.865.")]:
    rid = churn_runs[name]
    mv = client.create_model_version("churn-classifier", f"runs:/{rid}/model", run_id=rid,
                                     description=desc, tags={"validated": "true" if stage !=
                                                             "Staging" else "pending"})
    client.transition_model_version_stage("churn-classifier", mv.version, stage)
client.set_registered_model_alias("churn-classifier", "champion", "2")
client.set_registered_model_alias("churn-classifier", "challenger", "3")

client.create_registered_model(
    "demand-forecaster", tags={"owner": "supply-chain"},
    description="Weekly demand forecast feeding the replenishment planner.")
for name, stage in [("lgbm-lag-features", "Production"), ("lgbm-lag-features", "None")]:
    rid = demand_runs[name]
    mv = client.create_model_version("demand-forecaster", f"runs:/{rid}/model", run_id=rid)
    if stage != "None":
        client.transition_model_version_stage("demand-forecaster", mv.version, stage)
client.set_registered_model_alias("demand-forecaster", "prod", "1")

print(json.dumps({"experiments": [churn, demand, bert, img],
                  "runs": {**churn_runs, **demand_runs, **bert_runs}}, indent=1))
