"""FieldOps: a small field-service / equipment maintenance console (Streamlit).

Everything is seeded deterministically here (no network, no files): 25 work orders over
six sites and six technicians, a fixed "today" so that overdue counts never drift.
Pages (st.navigation): Dashboard, Work orders, Log work order, Technicians, Assistant,
Settings; the sidebar also holds the filters shared by the pages.
"""

from __future__ import annotations

import datetime as dt
import random

import pandas as pd
import streamlit as st

TODAY = dt.date(2025, 3, 14)
SITES = ["Harbor Pump Station", "North Ridge Substation", "Millbrook Water Plant",
         "Eastgate Depot", "Cedar Falls Lift Station", "Riverside Treatment Works"]
REGIONS = {"Harbor Pump Station": "Coastal", "Riverside Treatment Works": "Coastal",
           "North Ridge Substation": "Highlands", "Cedar Falls Lift Station": "Highlands",
           "Millbrook Water Plant": "Valley", "Eastgate Depot": "Valley"}
TECHS = ["Ana Souza", "Marcus Bell", "Priya Nair", "Tom Keller", "Jonas Berg", "Leila Haddad"]
TECH_INFO = {
    "Ana Souza": ("Senior electrician", "Coastal", True, "+1 555 0141"),
    "Marcus Bell": ("Pump mechanic", "Coastal", True, "+1 555 0187"),
    "Priya Nair": ("Controls engineer", "Valley", True, "+1 555 0112"),
    "Tom Keller": ("HVAC technician", "Highlands", False, "+1 555 0169"),
    "Jonas Berg": ("Millwright", "Highlands", True, "+1 555 0123"),
    "Leila Haddad": ("Instrument technician", "Valley", False, "+1 555 0194"),
}
STATUSES = ["Open", "In progress", "On hold", "Scheduled", "Closed"]
PRIORITIES = ["P1 Critical", "P2 High", "P3 Normal", "P4 Low"]
ASSETS = ["Centrifugal pump #2", "Transformer T1", "Chlorine dosing skid", "Forklift FL-07",
          "Backup generator", "Air compressor AC-3", "Sluice gate actuator", "UV reactor bank",
          "Switchgear panel B", "Diesel fuel tank", "Blower motor M4", "Level sensor LT-101"]
SUMMARIES = ["Bearing noise above threshold", "Oil sample out of spec", "Annual inspection",
             "Seal leak at flange", "Breaker trips under load", "Replace worn belts",
             "Firmware update on PLC", "Calibrate flow meter", "Vibration alarm",
             "Corrosion on housing", "Battery bank replacement", "Hydraulic hose burst"]


@st.cache_data
def work_orders() -> pd.DataFrame:
    rng = random.Random(20250314)
    rows = []
    for i in range(25):
        opened = TODAY - dt.timedelta(days=rng.randint(1, 60))
        due = opened + dt.timedelta(days=rng.randint(3, 40))
        status = rng.choice(STATUSES)
        site = SITES[i % len(SITES)] if i < 12 else rng.choice(SITES)
        rows.append({
            "Work order": f"WO-{1040 + i * 3}",
            "Site": site,
            "Asset": rng.choice(ASSETS),
            "Summary": rng.choice(SUMMARIES),
            "Technician": TECHS[(i * 5 + 1) % len(TECHS)],
            "Status": status,
            "Priority": rng.choice(PRIORITIES),
            "Opened": opened.isoformat(),
            "Due": due.isoformat(),
            "Cost (USD)": round(rng.uniform(120, 9800), 2),
            "Hours": rng.randint(1, 32),
        })
    return pd.DataFrame(rows)


def overdue(df: pd.DataFrame) -> pd.Series:
    return (df["Status"] != "Closed") & (pd.to_datetime(df["Due"]).dt.date < TODAY)


def money(x: float) -> str:
    return f"${x:,.2f}"


def shown(df: pd.DataFrame) -> pd.DataFrame:
    """The rows left by the sidebar filters, costs formatted for display."""
    out = df.copy()
    out["Cost (USD)"] = out["Cost (USD)"].map(money)
    return out.set_index("Work order")


# --------------------------------------------------------------------------- sidebar


def sidebar_filters(df: pd.DataFrame) -> pd.DataFrame:
    sb = st.sidebar
    sb.markdown("### Filters")
    region = sb.selectbox("Region", ["All regions", "Coastal", "Highlands", "Valley"],
                          key="f_region")
    statuses = sb.multiselect("Status", STATUSES, default=STATUSES, key="f_status")
    dates = sb.date_input("Opened between", (TODAY - dt.timedelta(days=90), TODAY),
                          key="f_dates", format="YYYY-MM-DD")
    lo, hi = sb.slider("Cost range (USD)", 0, 10000, (0, 10000), step=100, key="f_cost")
    priority = sb.radio("Priority", ["Any", "P1 Critical", "P2 High", "P3 Normal", "P4 Low"],
                        key="f_prio")
    only_overdue = sb.checkbox("Only overdue", key="f_overdue")
    mine = sb.checkbox("Assigned to me (Priya Nair)", key="f_mine")
    sb.divider()
    sb.caption(f"Data as of {TODAY:%d %b %Y} · FieldOps 2.4")

    m = df["Status"].isin(statuses) & df["Cost (USD)"].between(lo, hi)
    if region != "All regions":
        m &= df["Site"].map(REGIONS) == region
    if priority != "Any":
        m &= df["Priority"] == priority
    if only_overdue:
        m &= overdue(df)
    if mine:
        m &= df["Technician"] == "Priya Nair"
    if isinstance(dates, tuple) and len(dates) == 2:
        opened = pd.to_datetime(df["Opened"]).dt.date
        m &= (opened >= dates[0]) & (opened <= dates[1])
    return df[m]


# --------------------------------------------------------------------------- pages


def dashboard() -> None:
    df = work_orders()
    view = st.session_state["view"]
    st.title("Maintenance dashboard")
    st.caption("Open work, overdue jobs and spend across all sites.")
    c1, c2, c3, c4 = st.columns(4)
    c1.metric("Open work orders", int((df["Status"] != "Closed").sum()), delta=3)
    c2.metric("Overdue", int(overdue(df).sum()), delta=-2, delta_color="inverse")
    c3.metric("Spend this month", money(df["Cost (USD)"].sum()), delta="4.1%")
    c4.metric("Mean time to repair", "6.4 h", delta="-0.8 h", delta_color="inverse")

    st.subheader("Needs attention")
    late = df[overdue(df)].sort_values("Due")
    with st.container(key="needs_attention"):
        st.table(shown(late)[["Site", "Asset", "Technician", "Status", "Due", "Cost (USD)"]])

    left, right = st.columns(2)
    with left:
        st.download_button("Download overdue list (CSV)", late.to_csv(index=False),
                           file_name="overdue.csv", mime="text/csv", key="dl_overdue")
    with right:
        st.download_button("Download all work orders (CSV)", df.to_csv(index=False),
                           file_name="work_orders.csv", mime="text/csv", key="dl_all")

    st.subheader("Sites")
    for site in SITES:
        rows = df[df["Site"] == site]
        with st.expander(f"{site} — {len(rows)} work orders"):
            st.write(f"Region: **{REGIONS[site]}** · open: "
                     f"{int((rows['Status'] != 'Closed').sum())} · spend: "
                     f"{money(rows['Cost (USD)'].sum())}")
            slug = site.split()[0].lower()
            with st.container(key=f"site_orders_{slug}"):
                st.table(shown(rows)[["Asset", "Technician", "Status", "Due"]])
            a, b, _ = st.columns([1, 1, 3])
            a.button("Details", key=f"site_details_{slug}")
            b.button("Schedule visit", key=f"site_visit_{slug}")
    st.caption(f"{len(view)} work orders match the sidebar filters.")


def orders_page() -> None:
    df = work_orders()
    view = st.session_state["view"]
    st.title("Work orders")
    tab_all, tab_queue, tab_tech, tab_cost = st.tabs(
        ["All orders", "My queue", "By technician", "Costs"])

    with tab_all:
        st.write(f"Showing **{len(view)}** of {len(df)} work orders.")
        with st.container(key="all_orders"):
            st.table(shown(view)[["Site", "Asset", "Summary", "Technician", "Status",
                                  "Priority", "Opened", "Due", "Cost (USD)"]])
        st.markdown("##### Selected order")
        pick = st.selectbox("Work order", list(df["Work order"]), index=0, key="pick_wo")
        a, b, c, d, _ = st.columns([1, 1, 1, 1, 2])
        a.button("Edit", key="sel_edit")
        b.button("Details", key="sel_details")
        c.button("Reassign", key="sel_reassign")
        if d.button("Close order", key="sel_close", type="primary"):
            st.toast(f"{pick} closed")
        st.download_button("Export CSV", view.to_csv(index=False), file_name="filtered.csv",
                           mime="text/csv", key="dl_filtered")

    with tab_queue:
        queue = df[(df["Technician"] == "Priya Nair") & (df["Status"] != "Closed")]
        st.write("Orders assigned to **Priya Nair** that are not closed.")
        for _, r in queue.iterrows():
            with st.container(border=True):
                a, b, c, d = st.columns([2, 3, 1, 1])
                a.markdown(f"**{r['Work order']}** · {r['Status']}")
                b.markdown(f"{r['Site']}: {r['Summary']} (due {r['Due']})")
                c.button("Details", key=f"q_details_{r['Work order']}")
                d.button("Edit", key=f"q_edit_{r['Work order']}")

    with tab_tech:
        g = df.groupby("Technician").agg(
            Orders=("Work order", "count"),
            Open=("Status", lambda s: int((s != "Closed").sum())),
            Hours=("Hours", "sum"),
            Spend=("Cost (USD)", "sum"))
        g["Spend"] = g["Spend"].map(money)
        with st.container(key="by_technician"):
            st.table(g)

    with tab_cost:
        st.dataframe(view[["Work order", "Site", "Cost (USD)", "Hours"]], hide_index=True,
                     width="stretch")
        st.bar_chart(df.groupby("Site")["Cost (USD)"].sum())


def new_order_page() -> None:
    st.title("Log work order")
    st.caption("Create a job for a technician. Fields marked * are required.")
    with st.form("new_wo", clear_on_submit=False):
        a, b = st.columns(2)
        with a:
            site = st.selectbox("Site *", SITES, index=None, placeholder="Choose a site",
                                key="n_site")
            st.text_input("Asset tag *", placeholder="e.g. PMP-0042", key="n_asset")
            st.text_input("Short summary *", max_chars=80, key="n_summary")
            st.selectbox("Assign to", ["Unassigned", *TECHS], key="n_tech")
            st.radio("Priority", PRIORITIES, index=2, horizontal=True, key="n_prio")
        with b:
            st.date_input("Scheduled date", TODAY + dt.timedelta(days=3), key="n_date",
                          format="YYYY-MM-DD")
            st.time_input("Start time", dt.time(8, 0), key="n_time")
            st.number_input("Estimated hours", min_value=0.5, max_value=80.0, value=2.0,
                            step=0.5, key="n_hours")
            st.number_input("Estimated cost (USD)", min_value=0.0, value=0.0, step=50.0,
                            key="n_cost")
            st.multiselect("Required skills", ["Electrical", "Mechanical", "Controls",
                                               "Confined space", "Working at height"],
                           key="n_skills")
        st.text_area("Description", placeholder="What is wrong, what was observed, "
                     "access notes…", height=120, key="n_desc")
        st.checkbox("Requires equipment shutdown", key="n_shutdown")
        st.checkbox("Notify site manager", value=True, key="n_notify")
        s1, s2, _ = st.columns([1, 1, 4])
        save = s1.form_submit_button("Save", type="primary")
        draft = s2.form_submit_button("Save draft")
    if save:
        if site and st.session_state["n_summary"]:
            st.success(f"Work order created for {site}.")
        else:
            st.error("Site and summary are required.")
    elif draft:
        st.info("Draft saved.")

    st.subheader("Attachments")
    st.file_uploader("Attach photos or permits", type=["png", "jpg", "pdf"],
                     accept_multiple_files=True, key="n_files")
    with st.expander("Checklist template"):
        st.checkbox("Lock-out / tag-out applied", key="ck_loto")
        st.checkbox("Gas test done", key="ck_gas")
        st.checkbox("Area barricaded", key="ck_barricade")
        st.button("Save", key="ck_save")


def technicians_page() -> None:
    df = work_orders()
    st.title("Technicians")
    show_off = st.toggle("Show off-shift technicians", value=True, key="t_offshift")
    for name in TECHS:
        role, region, on_shift, phone = TECH_INFO[name]
        if not on_shift and not show_off:
            continue
        mine = df[df["Technician"] == name]
        with st.container(border=True, key=f"tech_{name.split()[0].lower()}"):
            a, b, c = st.columns([3, 2, 2])
            a.markdown(f"**{name}** — {role}  \n{region} · {phone} · "
                       f"{'on shift' if on_shift else 'off shift'}")
            b.metric("Open orders", int((mine["Status"] != "Closed").sum()))
            with c:
                x, y, z = st.columns(3)
                x.button("Details", key=f"t_details_{name.split()[0].lower()}")
                y.button("Edit", key=f"t_edit_{name.split()[0].lower()}")
                z.button("Message", key=f"t_msg_{name.split()[0].lower()}")
    st.subheader("Calendar")
    who = st.selectbox("Technician", TECHS, key="t_who")
    st.color_picker("Calendar color", "#1F77B4", key="t_color")
    st.slider("Weekly hours cap", 10, 60, 40, key="t_cap")
    st.button("Save calendar settings", key="t_save")
    st.caption(f"Changes apply to {who}'s calendar from next week.")


def assistant_page() -> None:
    st.title("Assistant")
    st.caption("Ask about sites, assets and work orders. Answers come from the seeded data.")
    if "chat" not in st.session_state:
        st.session_state["chat"] = [
            ("user", "Which sites have overdue work?"),
            ("assistant", "Harbor Pump Station and Millbrook Water Plant each have overdue "
                          "jobs; see the dashboard's Needs attention table."),
        ]
    for role, text in st.session_state["chat"]:
        with st.chat_message(role):
            st.write(text)
    q = st.chat_input("Ask about a site or a work order")
    if q:
        st.session_state["chat"] += [("user", q), ("assistant", f"Noted: “{q}”. "
                                      "(This demo assistant only echoes.)")]
        st.rerun()
    a, b, _ = st.columns([1, 1, 4])
    if a.button("Clear conversation", key="chat_clear"):
        st.session_state.pop("chat", None)
        st.rerun()
    b.button("Copy transcript", key="chat_copy")


def settings_page() -> None:
    st.title("Settings")
    with st.expander("Notifications", expanded=True):
        st.toggle("Email me when a P1 order is opened", value=True, key="s_email")
        st.toggle("SMS alerts for overdue orders", key="s_sms")
        st.text_input("Notification email", "dispatch@fieldops.example", key="s_addr")
    with st.expander("Work order defaults"):
        st.number_input("Auto-close resolved orders after (days)", 1, 90, 14, key="s_close")
        st.selectbox("Default priority", PRIORITIES, index=2, key="s_prio")
        st.text_input("Work order prefix", "WO-", key="s_prefix")
    a, b, _ = st.columns([1, 1, 4])
    a.button("Save settings", type="primary", key="s_save")
    b.button("Reset to defaults", key="s_reset")


# --------------------------------------------------------------------------- app

st.set_page_config(page_title="FieldOps maintenance console", page_icon="🛠️", layout="wide")
pages = [
    st.Page(dashboard, title="Dashboard", icon="📊", url_path="dashboard", default=True),
    st.Page(orders_page, title="Work orders", icon="📋", url_path="work-orders"),
    st.Page(new_order_page, title="Log work order", icon="➕", url_path="new-order"),
    st.Page(technicians_page, title="Technicians", icon="👷", url_path="technicians"),
    st.Page(assistant_page, title="Assistant", icon="💬", url_path="assistant"),
    st.Page(settings_page, title="Settings", icon="⚙️", url_path="settings"),
]
nav = st.navigation(pages, position="sidebar")
st.session_state["view"] = sidebar_filters(work_orders())
nav.run()
