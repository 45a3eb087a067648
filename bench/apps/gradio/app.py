"""A Gradio Blocks app for find's dev corpus: an order desk in four tabs.

Many widget kinds (text, number, slider, single and multi dropdowns, radio, checkbox
group, checkbox, date-like text, file upload, a seeded dataframe, a chatbot, examples
tables, an image, an accordion) and look-alike buttons (Submit / Submit all / Clear,
and the same labels again on other tabs). Everything shown is deterministic: no clock,
no randomness, no network (no analytics, no share link, no SSR, fonts shipped locally).

Usage: ``python app.py PORT`` (serves on 127.0.0.1 only).
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")

import gradio as gr
import numpy as np
import pandas as pd

PRODUCTS = pd.DataFrame(
    [
        ["SKU-1001", "Walnut desk lamp", "Lighting", 42, 59.00, "Leeds"],
        ["SKU-1002", "Linen cushion cover", "Textiles", 0, 24.50, "Bristol"],
        ["SKU-1003", "Oak bookshelf", "Furniture", 7, 349.00, "Leeds"],
        ["SKU-1004", "Ceramic mug set", "Kitchen", 120, 32.00, "Glasgow"],
        ["SKU-1005", "Brass wall hook", "Hardware", 310, 8.75, "Bristol"],
        ["SKU-1006", "Wool throw blanket", "Textiles", 18, 89.00, "Glasgow"],
        ["SKU-1007", "Pendant ceiling light", "Lighting", 5, 145.00, "Leeds"],
        ["SKU-1008", "Teak serving board", "Kitchen", 64, 41.25, "Bristol"],
        ["SKU-1009", "Rattan armchair", "Furniture", 3, 420.00, "Glasgow"],
        ["SKU-1010", "Cast iron skillet", "Kitchen", 27, 55.00, "Leeds"],
    ],
    columns=["SKU", "Product", "Category", "Stock", "Unit price", "Warehouse"],
)

CHAT_HISTORY = [
    {"role": "user", "content": "Hi, my order #4471 hasn't arrived yet."},
    {"role": "assistant",
     "content": "Sorry about that! Order #4471 left the Leeds warehouse on 3 March "
                "and is with the courier. Tracking number: TRK-88213."},
    {"role": "user", "content": "Can I change the delivery address?"},
    {"role": "assistant",
     "content": "Yes, until it reaches the local depot. Reply with the new address and "
                "I will update it."},
]


def logo() -> np.ndarray:
    """A fixed 160x160 picture: a diagonal gradient with a square in the middle."""
    y, x = np.mgrid[0:160, 0:160]
    img = np.zeros((160, 160, 3), dtype=np.uint8)
    img[..., 0] = (x * 255 // 159).astype(np.uint8)
    img[..., 1] = (y * 255 // 159).astype(np.uint8)
    img[..., 2] = 140
    img[50:110, 50:110] = (250, 250, 250)
    return img


def summarize(name, email, qty, discount, shipping, extras, payment, alerts, date, terms):
    if not terms:
        return "Please accept the terms first."
    return (f"Order for {name or '(no name)'} <{email or '-'}>: {qty or 0} item(s), "
            f"{discount}% off, {shipping}, extras {', '.join(extras or []) or 'none'}, "
            f"paid by {payment}, delivery {date or 'asap'}, "
            f"alerts {', '.join(alerts or []) or 'none'}.")


def filter_products(text, category):
    df = PRODUCTS
    if text:
        df = df[df["Product"].str.contains(text, case=False)]
    if category and category != "All":
        df = df[df["Category"] == category]
    return df


def reply(message, history):
    history = list(history or [])
    if message:
        history += [{"role": "user", "content": message},
                    {"role": "assistant", "content": f"Thanks, noted: {message}"}]
    return "", history


def build() -> gr.Blocks:
    with gr.Blocks(title="Order desk", analytics_enabled=False) as demo:
        gr.Markdown("# Order desk\nPlace orders, check stock and answer customers.")
        with gr.Tabs():
            # ---------------------------------------------------------------- orders
            with gr.Tab("New order", id="orders"):
                with gr.Row():
                    with gr.Column():
                        name = gr.Textbox(label="Customer name", placeholder="Full name")
                        email = gr.Textbox(label="Email", type="email",
                                           placeholder="name@example.com")
                        with gr.Row():
                            qty = gr.Number(label="Quantity", value=1, minimum=1,
                                            maximum=99, precision=0)
                            date = gr.Textbox(label="Delivery date",
                                              placeholder="YYYY-MM-DD")
                        discount = gr.Slider(0, 50, value=10, step=5,
                                             label="Discount (%)")
                        shipping = gr.Dropdown(
                            ["Standard (3-5 days)", "Express (1-2 days)",
                             "Next day", "Click and collect"],
                            value="Standard (3-5 days)", label="Shipping method")
                        extras = gr.Dropdown(
                            ["Gift wrap", "Greeting card", "Fragile sticker",
                             "Signature on delivery", "Eco packaging"],
                            value=["Gift wrap", "Eco packaging"], multiselect=True,
                            label="Extras", info="Pick any number")
                    with gr.Column():
                        payment = gr.Radio(["Card", "Bank transfer", "Invoice", "PayPal"],
                                           value="Card", label="Payment")
                        alerts = gr.CheckboxGroup(
                            ["Email", "SMS", "Push notification"], value=["Email"],
                            label="Send updates by")
                        notes = gr.Textbox(label="Notes for the warehouse", lines=3,
                                           interactive=True)
                        po = gr.File(label="Purchase order (PDF)",
                                     file_types=[".pdf"], interactive=True)
                        terms = gr.Checkbox(label="I accept the terms of sale")
                with gr.Accordion("Advanced options", open=False):
                    with gr.Row():
                        coupon = gr.Textbox(label="Coupon code", placeholder="e.g. SPRING10",
                                            interactive=True)
                        priority = gr.Number(label="Priority", value=3, minimum=1,
                                             maximum=5, precision=0, interactive=True)
                        gr.Checkbox(label="Hold for manual review", interactive=True)
                    gr.Textbox(label="Internal reference", placeholder="optional",
                               interactive=True)
                with gr.Row():
                    submit = gr.Button("Submit", variant="primary")
                    submit_all = gr.Button("Submit all", variant="secondary")
                    clear = gr.Button("Clear", variant="stop")
                summary = gr.Textbox(label="Order summary", interactive=False,
                                     buttons=["copy"], lines=2)
                gr.Examples(
                    [["Ada Lovelace", "ada@example.com", 2, "2024-05-01"],
                     ["Alan Turing", "alan@example.com", 5, "2024-06-12"],
                     ["Grace Hopper", "grace@example.com", 1, "2024-07-30"]],
                    inputs=[name, email, qty, date], label="Returning customers")
                fields = [name, email, qty, discount, shipping, extras, payment, alerts,
                          date, terms]
                submit.click(summarize, fields, summary)
                submit_all.click(lambda *a: "All queued orders submitted.", fields,
                                 summary)
                clear.click(lambda: ("", "", 1, 10, "Standard (3-5 days)", [], "Card",
                                     [], "", False, "", None, "", 3),
                            None, [*fields, notes, po, coupon, priority])

            # ------------------------------------------------------------- inventory
            with gr.Tab("Inventory", id="inventory"):
                with gr.Row():
                    search = gr.Textbox(label="Search products", placeholder="Product name",
                                        scale=3)
                    category = gr.Dropdown(
                        ["All", "Furniture", "Kitchen", "Lighting", "Textiles", "Hardware"],
                        value="All", label="Category", scale=1)
                with gr.Row():
                    apply = gr.Button("Submit", variant="primary")
                    reset = gr.Button("Clear")
                    gr.Button("Export CSV", size="sm")
                table = gr.Dataframe(PRODUCTS, label="Stock levels", interactive=False,
                                     buttons=["copy", "fullscreen"],
                                     show_row_numbers=True)
                threshold = gr.Slider(0, 100, value=10, step=1,
                                      label="Low-stock threshold", interactive=True)
                apply.click(filter_products, [search, category], table)
                reset.click(lambda: ("", "All", PRODUCTS), None, [search, category, table])

            # --------------------------------------------------------------- support
            with gr.Tab("Support chat", id="support"):
                chat = gr.Chatbot(CHAT_HISTORY, label="Conversation with customer",
                                  height=360, buttons=["copy", "copy_all"])
                with gr.Row():
                    msg = gr.Textbox(label="Reply", placeholder="Type a reply…",
                                     scale=4, show_label=False)
                    send = gr.Button("Send", variant="primary", scale=1)
                with gr.Row():
                    gr.Button("Submit all")
                    chat_clear = gr.Button("Clear")
                gr.Examples(["Your refund has been issued.",
                             "Could you send a photo of the damage?",
                             "The courier will call before delivery."],
                            inputs=[msg], label="Canned replies")
                send.click(reply, [msg, chat], [msg, chat])
                msg.submit(reply, [msg, chat], [msg, chat])
                chat_clear.click(lambda: [], None, chat)

            # -------------------------------------------------------------- settings
            with gr.Tab("Settings", id="settings"):
                with gr.Row():
                    with gr.Column(scale=2):
                        gr.Textbox(label="Store name", value="Hearth & Home", interactive=True)
                        gr.Textbox(label="Email", value="orders@hearth.example",
                                   info="Where order copies go", interactive=True)
                        gr.Dropdown(["English", "Deutsch", "Français", "Español"],
                                    value="English", label="Language", interactive=True)
                        gr.Radio(["Light", "Dark", "System"], value="System",
                                 label="Appearance", interactive=True)
                        gr.Slider(8, 24, value=14, step=1, label="Font size", interactive=True)
                        gr.Number(label="Quantity", value=1, minimum=1, precision=0,
                                  info="Default quantity on new orders", interactive=True)
                        gr.CheckboxGroup(["Email", "SMS", "Push notification"],
                                         value=["Email", "SMS"],
                                         label="Notify staff by", interactive=True)
                    with gr.Column(scale=1):
                        gr.Image(logo(), label="Store logo", height=200,
                                 interactive=False, buttons=["download"])
                with gr.Row():
                    gr.Button("Save", variant="primary")
                    gr.Button("Reset to defaults", variant="stop")
        _ = (threshold, notes)
    return demo


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8104
    build().launch(server_name="127.0.0.1", server_port=port, share=False,
                   ssr_mode=False, show_error=True, quiet=True, pwa=False,
                   mcp_server=False, enable_monitoring=False, footer_links=["gradio"])
